// /translate: one English sentence at a time from this phone's copy of the pairs (translate-queue.ts orders
// them), typed in Lopit and saved through the outbox as a proposal; Skip and Report; a category filter; the
// contributor's counts. The table at /translation stays for power users and admins.
import { useLiveQuery } from 'dexie-react-hooks';
import { FieldError } from '../../components/field-error.tsx';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { ChoiceTabs } from '../../components/choice-tabs.tsx';
import type { TranslationCategory } from '../../../core/constants.ts';
import { saveTranslationSchema } from '../../../core/api/translation.ts';
import { PROPOSAL_APPROVALS_TO_ACCEPT } from '../../../core/review/rules.ts';
import { PATHS, type TranslateAnswer } from '../../app/paths.ts';
import { useSearchParam } from '../../app/use-search-param.ts';
import { ModeTabs } from '../speak/mode-tabs.tsx';
import { localDb, type CachedPair } from '../../offline/local-db.ts';
import { reportedPromptIds } from '../../offline/prompt-reports.ts';
import { useAuth } from '../auth/use-auth.ts';
import { ConsentNotice } from '../consent/consent-notice.tsx';
import { useConsentOnPhone } from '../consent/device-consent.ts';
import { CountsLine } from '../review/review-shared.tsx';
import { startOfToday } from '../review/use-review-pack.ts';
import { PromptReportDialog } from '../speak/prompt-report-dialog.tsx';
import { asideLast, reportPrompt, usePutAside } from '../speak/prompt-actions.ts';
import { useSyncStatus } from '../sync/sync.ts';
import { useRecordingSpeaker } from '../speakers/field-speaker.ts';
import { SpeakerChooser } from '../speakers/speaker-chooser.tsx';
import { SayTranslationCard } from './say-translation-card.tsx';
import { PicturePrompts } from '../pictures/picture-prompts.tsx';
import { loadRecordRtc } from '../recording/use-recorder.ts';
import '../speakers/speakers.css';
import { useOutbox } from '../sync/use-outbox.ts';
import { cachedPairs, latestEditByPair, queueTranslation, refreshPairs } from './local-pairs.ts';
import { translateCounts, translateQueue } from './translate-queue.ts';
import { useTeachingRanks } from './teaching-order.ts';
import { SpeechButton } from '../chat/speech-button.tsx';
import { CATEGORY_TEXT, CategorySelect } from './category-select.tsx';
import type { MessageDescriptor } from '../../../core/i18n/define.ts';
import { translateOne } from '../../../core/i18n/messages/translation.ts';
import { richText, useT } from '../../i18n/i18n.tsx';
import '../recording/recording.css';
import '../review/review.css';
import '../speak/speak.css';
import './translation.css';

export function TranslateOnePage() {
  const t = useT();
  const { user } = useAuth();
  const userId = user?.id ?? '';
  const consent = useConsentOnPhone(userId);
  const canEdit = consent.status?.translation === true;
  // Type the Lopit sentence, or say it (issue 16): a spoken translation, kept with the English it translates.
  const asked = useSearchParam('answer');
  const [answer, setAnswer] = useState<TranslateAnswer>(
    asked === 'say' || asked === 'picture' ? asked : 'type',
  );
  const { speaker, mayRecord: canSay } = useRecordingSpeaker(userId, consent.status?.recording);
  const [category, setCategory] = useState<TranslationCategory | 'all'>('all');
  // Skipped sentences stay last after the app is reopened too.
  const { aside, putAside } = usePutAside('translate', userId);
  const [notice, setNotice] = useState<MessageDescriptor | null>(null);
  const { phase } = useSyncStatus();
  const entries = useOutbox();
  const pairs = useLiveQuery(() => cachedPairs('all', userId || null), [userId]);
  const reported = useLiveQuery(() => reportedPromptIds(localDb(), userId), [userId]);
  useEffect(() => void refreshPairs().catch(() => undefined), []);
  // "Say it" needs the recorder, perhaps with no signal by then.
  useEffect(() => void loadRecordRtc().catch(() => undefined), []);

  const mine = useMemo(() => (entries ?? []).filter((entry) => entry.userId === userId), [entries, userId]);
  const ranks = useTeachingRanks(pairs);
  const queue = useMemo(() => {
    if (!pairs || !reported || !aside) return undefined;
    const waiting = new Set(latestEditByPair(mine).keys());
    return asideLast(translateQueue(pairs, { category, reported, waiting }, ranks), aside, (pair) => pair.id);
  }, [pairs, reported, mine, category, aside, ranks]);
  const counts = translateCounts(pairs ?? [], mine, startOfToday().getTime());
  const pair = queue?.[0];

  return (
    <div className="page stack speak-page">
      <div className="page-header">
        <h1>{t(translateOne.title)}</h1>
        <p>{t(translateOne.intro, { count: PROPOSAL_APPROVALS_TO_ACCEPT })}</p>
      </div>
      {/* KNOWN GAP (issue 18): the mode tabs, the counts line, the speaker chooser and the consent notice are
          other screens' (not converted yet; the counts line's noun becomes a message when it takes one). */}
      <ModeTabs group="translation" current={PATHS.translate} />
      <CountsLine counts={counts} noun="translations" />
      <ChoiceTabs
        className="tabs-three"
        label={t(translateOne.howToAnswer)}
        choices={[
          { value: 'type', label: t(translateOne.typeIt) },
          { value: 'say', label: t(translateOne.sayIt) },
          { value: 'picture', label: t(translateOne.fromPicture) },
        ]}
        value={answer}
        onChange={setAnswer}
      />
      {answer !== 'type' && userId && <SpeakerChooser userId={userId} />}
      {userId && (answer === 'type' || !speaker) && (
        <ConsentNotice scope={answer === 'type' ? 'translation' : 'recording'} consent={consent} />
      )}
      {answer === 'picture' ? (
        userId && <PicturePrompts userId={userId} speakerId={speaker?.id ?? null} canRecord={canSay} />
      ) : (
        <CategorySelect className="speak-language" value={category} onChange={setCategory} />
      )}
      {answer !== 'picture' && phase === 'offline' && queue && (
        <p className="notice-box" role="status" data-testid="translate-offline">
          <span aria-hidden="true">⚠ </span>
          {t(translateOne.offline, { count: queue.length })}
        </p>
      )}
      {notice && (
        <p className="success-box" role="status" data-testid="translate-notice">
          {t(notice)}
        </p>
      )}
      {answer === 'picture' ? null : pair && userId && answer === 'say' ? (
        <SayTranslationCard
          key={`say-${pair.id}`}
          pair={pair}
          userId={userId}
          speakerId={speaker?.id ?? null}
          position={t(translateOne.position, { count: queue.length })}
          canRecord={canSay}
          canSkip={queue.length >= 2}
          onSaved={() => {
            void putAside(pair.id);
            setNotice(translateOne.saidSaved);
          }}
          onSkip={() => {
            void putAside(pair.id);
            setNotice(translateOne.skipped);
          }}
          onReport={(report) => {
            setNotice(translateOne.reported);
            void reportPrompt(userId, pair, report);
          }}
        />
      ) : pair && userId ? (
        <TranslateCard
          key={pair.id}
          pair={pair}
          position={t(translateOne.position, { count: queue.length })}
          canEdit={canEdit}
          canSkip={queue.length >= 2}
          onSaved={(text) => {
            setNotice(translateOne.typedSaved);
            void queueTranslation(pair, userId, text);
          }}
          onSkip={() => {
            void putAside(pair.id);
            setNotice(translateOne.skipped);
          }}
          onReport={(report) => {
            setNotice(translateOne.reported);
            void reportPrompt(userId, pair, report);
          }}
        />
      ) : queue === undefined ? (
        <p role="status">{t(translateOne.reading)}</p>
      ) : (
        <p className="muted" data-testid="translate-empty">
          {pairs && pairs.length > 0 ? t(translateOne.allDone) : t(translateOne.noSentences)}
        </p>
      )}
    </div>
  );
}

function TranslateCard(props: {
  pair: CachedPair;
  position: string;
  canEdit: boolean;
  canSkip: boolean;
  onSaved: (text: string) => void;
  onSkip: () => void;
  onReport: Parameters<typeof PromptReportDialog>[0]['onReport'];
}) {
  const t = useT();
  const { pair } = props;
  const [text, setText] = useState('');
  // The schema's message, or this screen's.
  const [error, setError] = useState<string | MessageDescriptor | null>(null);
  const [reporting, setReporting] = useState(false);
  const id = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = saveTranslationSchema.shape.translation.safeParse(text);
    if (!parsed.success || parsed.data === '') {
      setError(parsed.success ? translateOne.writeOrSkip : parsed.error.issues[0]!.message);
      return;
    }
    props.onSaved(parsed.data);
  }

  return (
    <section className="card stack speak-card" aria-labelledby={`${id}-heading`} data-testid="translate-card">
      <h2 id={`${id}-heading`} className="review-position speak-position" data-testid="translate-position">
        {props.position}
      </h2>
      <p className="prompt-sentence speak-sentence" lang="en" data-testid="translate-english">
        {pair.english}
      </p>
      <div className="speak-hear" data-testid="hear-prompt">
        <SpeechButton
          key={pair.id}
          text={pair.english}
          language="en"
          label={t(translateOne.hearIt)}
          ariaLabel={t(translateOne.hearSentence)}
        />
      </div>
      <p className="muted">
        {t(translateOne.categoryOf, { category: t(CATEGORY_TEXT[pair.category]) })}
        {pair.status === 'approved' && pair.lopit && (
          <>
            {' · '}
            {richText(t, translateOne.approvedText, { lopit: <span lang="lpx">{pair.lopit}</span> })}
          </>
        )}
        {pair.proposals.length > 0 &&
          ` · ${t(translateOne.proposedByOthers, { count: pair.proposals.length })}`}
      </p>
      <form className="form translate-one-field" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-text`}>{t(translateOne.inLopit)}</label>
          <textarea
            id={`${id}-text`}
            lang="lpx"
            rows={3}
            value={text}
            disabled={!props.canEdit}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => {
              setText(event.target.value);
              setError(null);
            }}
          />
          {error && (
            <FieldError id={`${id}-error`} text={typeof error === 'string' ? error : t(error)} alert />
          )}
        </div>
        <div className="speak-controls">
          <button type="submit" className="btn btn-primary speak-big" disabled={!props.canEdit}>
            {t(translateOne.save)}
          </button>
        </div>
      </form>
      <div className="button-row speak-secondary">
        <button type="button" className="btn" disabled={!props.canSkip} onClick={props.onSkip}>
          {t(translateOne.skip)}
        </button>
        <button type="button" className="btn" onClick={() => setReporting(true)}>
          {t(translateOne.report)}
        </button>
      </div>
      <PromptReportDialog open={reporting} onClose={() => setReporting(false)} onReport={props.onReport} />
    </section>
  );
}
