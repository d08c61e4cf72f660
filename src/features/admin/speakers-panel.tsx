// Field speakers for admins (issue 16): every speaker a contributor added, who added them, their consent as the
// ledger says, their clips, and what shows their consent (the spoken recording, the photo of the signed form),
// opened here only (the files need an admin's session, and are never in an export).
import { useEffect, useState } from 'react';
import { speakersResponseSchema, type ConsentEvidence, type Speaker } from '../../../core/api/speakers.ts';
import { api, requestJson, toApiError } from '../../lib/api-client.ts';

function consentLine(speaker: Speaker): string {
  if (speaker.withdrawn) return 'Withdrew';
  const { recording, translation } = speaker.consent;
  if (recording && translation) return 'Consents to recordings and translations';
  if (recording) return 'Consents to recordings';
  if (translation) return 'Consents to translations';
  return 'No consent recorded';
}

function EvidenceButton({ speaker, evidence }: { speaker: Speaker; evidence: ConsentEvidence }) {
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  const label = evidence.kind === 'spoken' ? 'spoken consent' : 'photo of the signed form';
  if (url) {
    return evidence.kind === 'spoken' ? (
      <audio controls src={url} aria-label={`${speaker.name}: ${label}`} />
    ) : (
      <img className="consent-photo" src={url} alt={`${speaker.name}: ${label}`} />
    );
  }
  return (
    <>
      <button
        type="button"
        className="btn"
        onClick={async () => {
          try {
            const blob = await api.get(`admin/speakers/${speaker.id}/evidence/${evidence.id}`).blob();
            setUrl(URL.createObjectURL(blob));
          } catch (failure) {
            setError((await toApiError(failure)).message);
          }
        }}
      >
        Open the {label}
      </button>
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </>
  );
}

export function SpeakersPanel() {
  const [speakers, setSpeakers] = useState<Speaker[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    requestJson(speakersResponseSchema, () => api.get('admin/speakers'))
      .then((answer) => setSpeakers(answer.speakers))
      .catch((failure: Error) => setError(failure.message));
  }, []);
  return (
    <section className="card stack" aria-labelledby="admin-speakers-heading" data-testid="admin-speakers">
      <h2 id="admin-speakers-heading">Field speakers</h2>
      <p className="muted">
        People recorded by contributors who have no account. Their names stay here; datasets show the
        pseudonym.
      </p>
      {error && (
        <p className="error-box" role="alert">
          {error}
        </p>
      )}
      {speakers === null ? (
        !error && <p role="status">Loading…</p>
      ) : speakers.length === 0 ? (
        <p className="muted">No field speakers yet.</p>
      ) : (
        <ul className="speaker-list">
          {speakers.map((speaker) => (
            <li key={speaker.id} className="speaker-card">
              <h3 className="speaker-name">
                {speaker.name} <span className="muted">({speaker.pseudonym})</span>
              </h3>
              <p className="muted">
                Added by {speaker.addedBy?.name ?? 'a deleted account'} · {speaker.clips}{' '}
                {speaker.clips === 1 ? 'recording' : 'recordings'} · {consentLine(speaker)}
              </p>
              <div className="button-row">
                {speaker.evidence.map((evidence) => (
                  <EvidenceButton key={evidence.id} speaker={speaker} evidence={evidence} />
                ))}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
