// /speakers: the people a contributor records who have no account of their own (issue 16). Add a speaker (a name
// or pseudonym as they wish, age group, gender, dialect or village, each with "prefer not to say"), record their
// consent before the first clip (the consent text shown and read aloud; a spoken consent and/or a photo of the
// signed form), then record as them on Speak or Translate; record their withdrawal when they ask. All of it works
// offline: kept on the phone at once and sent through the outbox.
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  AGE_GROUPS,
  GENDERS,
  PREFER_NOT_TO_SAY,
  type AgeGroup,
  type Gender,
} from '../../../core/api/auth.ts';
import { speakerCreateSchema, SPEAKER_REASON_MAX } from '../../../core/api/speakers.ts';
import { PATHS } from '../../app/paths.ts';
import { Modal } from '../../components/modal.tsx';
import { localDb, type LocalSpeaker } from '../../offline/local-db.ts';
import { addSpeaker, mayRecord, withdrawSpeaker } from '../../offline/speakers.ts';
import { AGE_GROUP_LABELS, GENDER_LABELS } from '../account/speaker-profile-form.tsx';
import { useAuth } from '../auth/use-auth.ts';
import { useT, type Translate } from '../../i18n/i18n.tsx';
import { loadRecordRtc } from '../recording/use-recorder.ts';
import { syncEngine } from '../sync/sync.ts';
import { ConsentCapture } from './consent-capture.tsx';
import { chooseFieldSpeaker, refreshSpeakers, useFieldSpeaker, useSpeakers } from './field-speaker.ts';
import './speakers.css';

export function SpeakersPage() {
  const { user } = useAuth();
  const userId = user?.id ?? '';
  const speakers = useSpeakers(userId);
  const { speaker: current } = useFieldSpeaker(userId);
  const [adding, setAdding] = useState(false);
  const [consentFor, setConsentFor] = useState<string | null>(null);
  const [withdrawing, setWithdrawing] = useState<LocalSpeaker | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    if (userId) void refreshSpeakers(userId).catch(() => undefined);
    // The recorder is needed next, perhaps with no signal by then.
    void loadRecordRtc().catch(() => undefined);
  }, [userId]);

  const consenting = speakers?.find((item) => item.id === consentFor);

  return (
    <div className="page stack speakers-page">
      <div className="page-header">
        <h1>Speakers</h1>
        <p>
          People you record who have no account of their own. Their names stay on this phone and with the
          community admins; datasets show a random pseudonym instead. Record each speaker&apos;s consent
          before their first recording.
        </p>
      </div>
      {notice && (
        <p className="success-box" role="status" data-testid="speakers-notice">
          {notice}
        </p>
      )}
      {consenting ? (
        <ConsentCapture
          userId={userId}
          speaker={consenting}
          onDone={(saved) => {
            setConsentFor(null);
            if (saved) {
              chooseFieldSpeaker(userId, consenting.id);
              setNotice(
                `Consent of ${consenting.name} is saved on this phone. You can now record them: they are chosen on Speak and Translate.`,
              );
              void syncEngine().trigger();
            }
          }}
        />
      ) : adding ? (
        <AddSpeakerForm
          onCancel={() => setAdding(false)}
          onAdd={async (fields) => {
            const id = await addSpeaker(localDb(), userId, fields);
            setAdding(false);
            setNotice(null);
            setConsentFor(id);
            void syncEngine().trigger();
          }}
        />
      ) : (
        <div className="button-row">
          <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
            Add a speaker
          </button>
          <Link to={PATHS.speak} className="btn">
            Go to Speak
          </Link>
        </div>
      )}
      {speakers === undefined ? (
        <p role="status">Reading the speakers on this phone…</p>
      ) : speakers.length === 0 ? (
        <p className="muted" data-testid="speakers-empty">
          No speakers yet. Add the first person you will record.
        </p>
      ) : (
        <ul className="speaker-list" data-testid="speaker-list">
          {speakers.map((speaker) => (
            <li key={speaker.id} className="card speaker-card" data-testid="speaker-card">
              <SpeakerSummary speaker={speaker} chosen={current?.id === speaker.id} />
              <div className="button-row">
                {mayRecord(speaker) ? (
                  <>
                    <button
                      type="button"
                      className="btn btn-primary"
                      disabled={current?.id === speaker.id}
                      onClick={() => {
                        chooseFieldSpeaker(userId, speaker.id);
                        setNotice(`${speaker.name} is speaking now, on Speak and Translate.`);
                      }}
                    >
                      {current?.id === speaker.id ? 'Speaking now' : 'Record as this speaker'}
                    </button>
                    <button type="button" className="btn" onClick={() => setWithdrawing(speaker)}>
                      Speaker withdrew
                    </button>
                  </>
                ) : speaker.withdrawnAt === null ? (
                  <button type="button" className="btn btn-primary" onClick={() => setConsentFor(speaker.id)}>
                    Record consent
                  </button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      {withdrawing && (
        <WithdrawDialog
          speaker={withdrawing}
          onClose={() => setWithdrawing(null)}
          onWithdraw={async (reason) => {
            await withdrawSpeaker(localDb(), userId, withdrawing.id, reason);
            if (current?.id === withdrawing.id) chooseFieldSpeaker(userId, null);
            setNotice(
              `${withdrawing.name}'s withdrawal is recorded. Their recordings leave every dataset and model from now on.`,
            );
            setWithdrawing(null);
            void syncEngine().trigger();
          }}
        />
      )}
    </div>
  );
}

function describe(speaker: LocalSpeaker, t: Translate): string {
  const parts = [
    speaker.ageGroup && speaker.ageGroup !== PREFER_NOT_TO_SAY
      ? `age ${t(AGE_GROUP_LABELS[speaker.ageGroup])}`
      : null,
    speaker.gender && speaker.gender !== PREFER_NOT_TO_SAY
      ? t(GENDER_LABELS[speaker.gender]).toLowerCase()
      : null,
    speaker.dialect && speaker.dialect !== PREFER_NOT_TO_SAY ? speaker.dialect : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : 'No details given';
}

function SpeakerSummary({ speaker, chosen }: { speaker: LocalSpeaker; chosen: boolean }) {
  const t = useT();
  const consent = speaker.consent;
  return (
    <div className="stack-tight">
      <h2 className="speaker-name">
        {speaker.name}
        {chosen && <span className="badge"> speaking now</span>}
      </h2>
      <p className="muted">{describe(speaker, t)}</p>
      <p data-testid="speaker-consent">
        {speaker.withdrawnAt !== null ? (
          <>
            <span aria-hidden="true">⊘ </span>Withdrew on {new Date(speaker.withdrawnAt).toLocaleDateString()}
            : no new recordings, and theirs are used nowhere.
          </>
        ) : consent ? (
          <>
            <span aria-hidden="true">✓ </span>Consent recorded ({consent.type}):{' '}
            {consent.evidence
              .map((kind) => (kind === 'spoken' ? 'spoken' : 'photo of the form'))
              .join(' and ')}
          </>
        ) : (
          <>
            <span aria-hidden="true">! </span>No consent recorded yet: record it before recording them.
          </>
        )}
      </p>
      <p className="muted">
        {speaker.pseudonym ? `In datasets: ${speaker.pseudonym}` : 'Pseudonym given once sent'} ·{' '}
        {speaker.clips} {speaker.clips === 1 ? 'recording' : 'recordings'} on the server
      </p>
    </div>
  );
}

type Field = 'name' | 'ageGroup' | 'gender' | 'dialect';

function AddSpeakerForm(props: {
  onAdd: (fields: {
    name: string;
    ageGroup: AgeGroup | null;
    gender: Gender | null;
    dialect: string | null;
  }) => Promise<void>;
  onCancel: () => void;
}) {
  const t = useT();
  const id = useId();
  const [name, setName] = useState('');
  const [ageGroup, setAgeGroup] = useState<AgeGroup | ''>('');
  const [gender, setGender] = useState<Gender | ''>('');
  const [dialect, setDialect] = useState('');
  const [dialectWithheld, setDialectWithheld] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = speakerCreateSchema.safeParse({
      id: crypto.randomUUID(),
      name,
      ageGroup: ageGroup || null,
      gender: gender || null,
      dialect: dialectWithheld ? PREFER_NOT_TO_SAY : dialect,
    });
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setBusy(true);
    try {
      await props.onAdd({
        name: parsed.data.name,
        ageGroup: parsed.data.ageGroup,
        gender: parsed.data.gender,
        dialect: parsed.data.dialect,
      });
    } finally {
      setBusy(false);
    }
  }

  const describedBy = (field: Field) => (errors[field] ? `${id}-${field}-error` : undefined);
  const errorOf = (field: Field) =>
    errors[field] && (
      <p className="field-error" id={`${id}-${field}-error`} role="alert">
        {errors[field]}
      </p>
    );

  return (
    <form
      className="card form stack"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby={`${id}-h`}
    >
      <h2 id={`${id}-h`}>Add a speaker</h2>
      <div className="field">
        <label htmlFor={`${id}-name`}>Name or pseudonym, as they wish</label>
        <input
          id={`${id}-name`}
          className="input"
          value={name}
          autoComplete="off"
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={describedBy('name')}
          onChange={(event) => {
            setName(event.target.value);
            setErrors((current) => ({ ...current, name: undefined }));
          }}
        />
        {errorOf('name')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-age`}>Age group</label>
        <select
          id={`${id}-age`}
          className="input"
          value={ageGroup}
          onChange={(event) => setAgeGroup(event.target.value as AgeGroup | '')}
        >
          <option value="">Not asked</option>
          {AGE_GROUPS.map((group) => (
            <option key={group} value={group}>
              {t(AGE_GROUP_LABELS[group])}
            </option>
          ))}
        </select>
        {errorOf('ageGroup')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-gender`}>Gender</label>
        <select
          id={`${id}-gender`}
          className="input"
          value={gender}
          onChange={(event) => setGender(event.target.value as Gender | '')}
        >
          <option value="">Not asked</option>
          {GENDERS.map((item) => (
            <option key={item} value={item}>
              {t(GENDER_LABELS[item])}
            </option>
          ))}
        </select>
        {errorOf('gender')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-dialect`}>Dialect or village</label>
        <input
          id={`${id}-dialect`}
          className="input"
          value={dialect}
          disabled={dialectWithheld}
          aria-invalid={errors.dialect ? true : undefined}
          aria-describedby={describedBy('dialect')}
          onChange={(event) => setDialect(event.target.value)}
        />
        <label className="checkbox">
          <input
            type="checkbox"
            checked={dialectWithheld}
            onChange={(event) => setDialectWithheld(event.target.checked)}
          />{' '}
          Prefer not to say
        </label>
        {errorOf('dialect')}
      </div>
      <div className="button-row">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          Add and record consent
        </button>
        <button type="button" className="btn" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function WithdrawDialog(props: {
  speaker: LocalSpeaker;
  onClose: () => void;
  onWithdraw: (reason: string) => Promise<void>;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal open title={`${props.speaker.name} withdrew`} onClose={props.onClose}>
      <form
        className="form stack"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (reason.length > SPEAKER_REASON_MAX) {
            setError(`A note can be at most ${SPEAKER_REASON_MAX} characters`);
            return;
          }
          void props.onWithdraw(reason);
        }}
      >
        <p>
          From now on no new recording of theirs is made, and the recordings they gave leave every dataset
          export and every model trained from now on.
        </p>
        <div className="field">
          <label htmlFor={`${id}-reason`}>Note (optional)</label>
          <textarea
            id={`${id}-reason`}
            rows={2}
            value={reason}
            aria-invalid={error ? true : undefined}
            onChange={(event) => {
              setReason(event.target.value);
              setError(null);
            }}
          />
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
        </div>
        <div className="button-row">
          <button type="submit" className="btn btn-danger">
            Record the withdrawal
          </button>
          <button type="button" className="btn" onClick={props.onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}
