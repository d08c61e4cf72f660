// /speakers: the people a contributor records who have no account of their own (issue 16). Add a speaker (a name
// or pseudonym as they wish, age group, gender, dialect or village, each with "prefer not to say"), record their
// consent before the first clip (the consent text shown and read aloud; a spoken consent and/or a photo of the
// signed form), then record as them on Speak or Translate; record their withdrawal when they ask. All of it works
// offline: kept on the phone at once and sent through the outbox.
import { Link } from '@tanstack/react-router';
import { FieldError } from '../../components/field-error.tsx';
import { Fragment, useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
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
import { speakers as m } from '../../../core/i18n/messages/speakers.ts';
import { formatDate, useT, type Translate } from '../../i18n/i18n.tsx';
import { loadRecordRtc } from '../recording/use-recorder.ts';
import { ConsentCapture } from './consent-capture.tsx';
import { chooseFieldSpeaker, refreshSpeakers, useFieldSpeaker, useSpeakers } from './field-speaker.ts';
import './speakers.css';

export function SpeakersPage() {
  const t = useT();
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
        <h1>{t(m.title)}</h1>
        <p>{t(m.intro)}</p>
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
              void chooseFieldSpeaker(userId, consenting.id);
              setNotice(t(m.consentSaved, { name: consenting.name }));
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
          }}
        />
      ) : (
        <div className="button-row">
          <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
            {t(m.addSpeaker)}
          </button>
          <Link to={PATHS.speak} className="btn">
            {t(m.goToSpeak)}
          </Link>
        </div>
      )}
      {speakers === undefined ? (
        <p role="status">{t(m.reading)}</p>
      ) : speakers.length === 0 ? (
        <p className="muted" data-testid="speakers-empty">
          {t(m.empty)}
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
                        void chooseFieldSpeaker(userId, speaker.id);
                        setNotice(t(m.chosen, { name: speaker.name }));
                      }}
                    >
                      {current?.id === speaker.id ? t(m.speakingNow) : t(m.recordAs)}
                    </button>
                    <button type="button" className="btn" onClick={() => setWithdrawing(speaker)}>
                      {t(m.speakerWithdrew)}
                    </button>
                  </>
                ) : speaker.withdrawnAt === null ? (
                  <button type="button" className="btn btn-primary" onClick={() => setConsentFor(speaker.id)}>
                    {t(m.recordConsent)}
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
            if (current?.id === withdrawing.id) await chooseFieldSpeaker(userId, null);
            setNotice(t(m.withdrawalRecorded, { name: withdrawing.name }));
            setWithdrawing(null);
          }}
        />
      )}
    </div>
  );
}

/** A speaker's details in one line; the dialect or village is theirs, as typed (not translated). */
function Details({ speaker, t }: { speaker: LocalSpeaker; t: Translate }) {
  const parts: ReactNode[] = [
    speaker.ageGroup && speaker.ageGroup !== PREFER_NOT_TO_SAY
      ? t(m.age, { group: t(AGE_GROUP_LABELS[speaker.ageGroup]) })
      : null,
    speaker.gender && speaker.gender !== PREFER_NOT_TO_SAY ? t(GENDER_LABELS[speaker.gender]) : null,
    speaker.dialect && speaker.dialect !== PREFER_NOT_TO_SAY ? (
      <span translate="no">{speaker.dialect}</span>
    ) : null,
  ].filter(Boolean);
  if (parts.length === 0) return <>{t(m.noDetails)}</>;
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && ' · '}
          {part}
        </Fragment>
      ))}
    </>
  );
}

function SpeakerSummary({ speaker, chosen }: { speaker: LocalSpeaker; chosen: boolean }) {
  const t = useT();
  const consent = speaker.consent;
  return (
    <div className="stack-tight">
      <h2 className="speaker-name">
        <span translate="no">{speaker.name}</span>
        {chosen && <span className="badge"> {t(m.speakingNowBadge)}</span>}
      </h2>
      <p className="muted">
        <Details speaker={speaker} t={t} />
      </p>
      <p data-testid="speaker-consent">
        {speaker.withdrawnAt !== null ? (
          <>
            <span aria-hidden="true">⊘ </span>
            {t(m.withdrewOn, { date: formatDate(new Date(speaker.withdrawnAt)) })}
          </>
        ) : consent ? (
          <>
            <span aria-hidden="true">✓ </span>
            {t(m.consentRecorded, {
              type: consent.type,
              evidence: consent.evidence.length === 1 ? consent.evidence[0] : 'both',
            })}
          </>
        ) : (
          <>
            <span aria-hidden="true">! </span>
            {t(m.noConsent)}
          </>
        )}
      </p>
      <p className="muted">
        {speaker.pseudonym ? t(m.inDatasets, { pseudonym: speaker.pseudonym }) : t(m.pseudonymLater)} ·{' '}
        {t(m.clipsOnServer, { count: speaker.clips })}
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
    errors[field] && <FieldError id={`${id}-${field}-error`} text={errors[field]} alert />;

  return (
    <form
      className="card form stack"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby={`${id}-h`}
    >
      <h2 id={`${id}-h`}>{t(m.addTitle)}</h2>
      <div className="field">
        <label htmlFor={`${id}-name`}>{t(m.nameLabel)}</label>
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
        <label htmlFor={`${id}-age`}>{t(m.ageGroup)}</label>
        <select
          id={`${id}-age`}
          className="input"
          value={ageGroup}
          onChange={(event) => setAgeGroup(event.target.value as AgeGroup | '')}
        >
          <option value="">{t(m.notAsked)}</option>
          {AGE_GROUPS.map((group) => (
            <option key={group} value={group}>
              {t(AGE_GROUP_LABELS[group])}
            </option>
          ))}
        </select>
        {errorOf('ageGroup')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-gender`}>{t(m.gender)}</label>
        <select
          id={`${id}-gender`}
          className="input"
          value={gender}
          onChange={(event) => setGender(event.target.value as Gender | '')}
        >
          <option value="">{t(m.notAsked)}</option>
          {GENDERS.map((item) => (
            <option key={item} value={item}>
              {t(GENDER_LABELS[item])}
            </option>
          ))}
        </select>
        {errorOf('gender')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-dialect`}>{t(m.dialect)}</label>
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
          {t(GENDER_LABELS[PREFER_NOT_TO_SAY])}
        </label>
        {errorOf('dialect')}
      </div>
      <div className="button-row">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t(m.addAndConsent)}
        </button>
        <button type="button" className="btn" onClick={props.onCancel}>
          {t(m.cancel)}
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
  const t = useT();
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal open title={t(m.withdrewTitle, { name: props.speaker.name })} onClose={props.onClose}>
      <form
        className="form stack"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (reason.length > SPEAKER_REASON_MAX) {
            setError(t(m.withdrawNoteTooLong, { max: SPEAKER_REASON_MAX }));
            return;
          }
          void props.onWithdraw(reason);
        }}
      >
        <p>{t(m.withdrawExplained)}</p>
        <div className="field">
          <label htmlFor={`${id}-reason`}>{t(m.withdrawNote)}</label>
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
          {error && <FieldError text={error} alert />}
        </div>
        <div className="button-row">
          <button type="submit" className="btn btn-danger">
            {t(m.recordWithdrawal)}
          </button>
          <button type="button" className="btn" onClick={props.onClose}>
            {t(m.cancel)}
          </button>
        </div>
      </form>
    </Modal>
  );
}
