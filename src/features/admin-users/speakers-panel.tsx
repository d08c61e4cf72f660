// Field speakers for admins (issue 16): every speaker a contributor added, who added them, their consent as the
// ledger says, their clips, and what shows their consent (the spoken recording, the photo of the signed form),
// opened here only (the files need an admin's session, and are never in an export).
import { useEffect, useState } from 'react';
import type { ConsentEvidence, Speaker } from '../../../core/api/speakers.ts';
import { admin } from '../../../core/i18n/messages/admin.ts';
import type { MessageDescriptor } from '../../../core/i18n/define.ts';
import { useT } from '../../i18n/i18n.tsx';
import { toApiError } from '../../lib/api-client.ts';
import { adminSpeakersApi } from './users-api.ts';
import '../speakers/speakers.css';
import { ErrorBox } from '../../components/error-box.tsx';

function consentLine(speaker: Speaker): MessageDescriptor {
  if (speaker.withdrawn) return admin.consentWithdrew;
  const { recording, translation } = speaker.consent;
  if (recording && translation) return admin.consentBoth;
  if (recording) return admin.consentRecording;
  if (translation) return admin.consentTranslation;
  return admin.consentNone;
}

function EvidenceButton({ speaker, evidence }: { speaker: Speaker; evidence: ConsentEvidence }) {
  const t = useT();
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  const spoken = evidence.kind === 'spoken';
  if (url) {
    return spoken ? (
      <audio controls src={url} aria-label={t(admin.spokenOf, { name: speaker.name })} />
    ) : (
      <img className="consent-photo" src={url} alt={t(admin.photoOf, { name: speaker.name })} />
    );
  }
  return (
    <>
      <button
        type="button"
        className="btn"
        onClick={async () => {
          try {
            const blob = await adminSpeakersApi.evidence(speaker.id, evidence.id);
            setUrl(URL.createObjectURL(blob));
          } catch (failure) {
            setError((await toApiError(failure)).message);
          }
        }}
      >
        {t(spoken ? admin.openSpoken : admin.openPhoto)}
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
  const t = useT();
  const [speakers, setSpeakers] = useState<Speaker[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    adminSpeakersApi
      .list()
      .then((answer) => setSpeakers(answer.speakers))
      .catch((failure: Error) => setError(failure.message));
  }, []);
  return (
    <section className="card stack" aria-labelledby="admin-speakers-heading" data-testid="admin-speakers">
      <h2 id="admin-speakers-heading">{t(admin.speakersTitle)}</h2>
      <p className="muted">{t(admin.speakersIntro)}</p>
      <ErrorBox error={error} />
      {speakers === null ? (
        !error && <p role="status">{t(admin.speakersLoading)}</p>
      ) : speakers.length === 0 ? (
        <p className="muted">{t(admin.speakersNone)}</p>
      ) : (
        <ul className="speaker-list">
          {speakers.map((speaker) => (
            <li key={speaker.id} className="speaker-card">
              <h3 className="speaker-name">
                <span translate="no">{speaker.name}</span>{' '}
                <span className="muted" translate="no">
                  ({speaker.pseudonym})
                </span>
              </h3>
              <p className="muted">
                {t(admin.speakerSummary, {
                  name: speaker.addedBy?.name ?? t(admin.deletedAccount),
                  clips: speaker.clips,
                  consent: t(consentLine(speaker)),
                })}
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
