// /speak: Read Lopit, one approved Lopit sentence at a time from the prompt pack on the phone (a pair's approved
// Lopit, or a sentence a contributor wrote and the community approved: the sentence collection), read aloud with
// large record, stop and record-again controls, listened back, then saved (the recorder's outbox path), skipped
// or reported; the next sentence comes at once. Every clip is Lopit speech with its Lopit text (issue 32): those
// who do not read Lopit are sent to say it in Lopit from the English instead. Works offline for as long as the
// pack lasts; the contributor's counts stay in view.
import { useEffect, useMemo, useState } from 'react';
import type { MessageDescriptor } from '../../../core/i18n/define.ts';
import { recording as rec } from '../../../core/i18n/messages/recording.ts';
import { speak as m } from '../../../core/i18n/messages/speak.ts';
import { Link } from '@tanstack/react-router';
import { PATHS, SAY_IN_LOPIT_LINK } from '../../app/paths.ts';
import { useT } from '../../i18n/i18n.tsx';
import { ModeTabs } from './mode-tabs.tsx';
import { useAuth } from '../auth/use-auth.ts';
import { ConsentNotice } from '../consent/consent-notice.tsx';
import { useConsentOnPhone } from '../consent/device-consent.ts';
import { saveDraft } from '../recording/local-recordings.ts';
import { refreshPromptPack, useReadPrompts, type ReadPrompt } from '../recording/prompt-pack.ts';
import { LiveLevel, Review } from '../recording/recorder.tsx';
import { loadRecordRtc, useRecorder } from '../recording/use-recorder.ts';
import { CountsLine } from '../review/review-shared.tsx';
import { useSyncStatus } from '../sync/sync.ts';
import { BigRecordButton } from './big-record-button.tsx';
import { PromptReportDialog } from './prompt-report-dialog.tsx';
import { reportReadPrompt, usePutAside } from './prompt-actions.ts';
import { speakQueue } from './speak-queue.ts';
import { useSpeakCounts } from './speak-counts.ts';
import { useRecordingSpeaker } from '../speakers/field-speaker.ts';
import { SpeakerChooser } from '../speakers/speaker-chooser.tsx';
import '../speakers/speakers.css';
import { SpeechButton } from '../chat/speech-button.tsx';
import '../recording/recording.css';
import '../review/review.css';
import './speak.css';

/** The language of every clip Speak records: Lopit speech, with its Lopit text. */
const LOPIT = 'lpx';

export function SpeakPage() {
  const t = useT();
  const { user } = useAuth();
  const userId = user?.id ?? '';
  const consent = useConsentOnPhone(userId);
  const { speaker, mayRecord: allowed } = useRecordingSpeaker(userId, consent.status?.recording);
  const counts = useSpeakCounts(userId);
  const { phase } = useSyncStatus();
  // The recorder is needed as soon as a speaker is chosen, perhaps with no signal by then.
  useEffect(() => void loadRecordRtc().catch(() => undefined), []);

  return (
    <div className="page stack speak-page">
      <div className="page-header">
        <h1>{t(m.title)}</h1>
        <p>{t(m.intro)}</p>
      </div>
      <ModeTabs group="recording" current={PATHS.speak} />
      <p className="speak-other-way" data-testid="speak-say-instead">
        {t(m.cannotRead)} <Link {...SAY_IN_LOPIT_LINK}>{t(m.sayInstead)}</Link>
      </p>
      <CountsLine counts={counts} noun="recordings" />
      {/* Issue 18: the speaker chooser and the consent notice are converted with the Speakers and Consent screens. */}
      {userId && <SpeakerChooser userId={userId} />}
      {!speaker && <ConsentNotice scope="recording" consent={consent} />}
      {allowed && userId && (
        <SpeakCard userId={userId} speakerId={speaker?.id ?? null} offline={phase === 'offline'} />
      )}
    </div>
  );
}

function SpeakCard({
  userId,
  speakerId,
  offline,
}: {
  userId: string;
  speakerId: string | null;
  offline: boolean;
}) {
  const t = useT();
  const { state, level, warning, elapsed, start, stop, reset } = useRecorder(userId);
  const { aside, putAside } = usePutAside('speak', userId);
  const [reporting, setReporting] = useState(false);
  const [notice, setNotice] = useState<MessageDescriptor | null>(null);
  // Sentences with an approved Lopit text: pairs' (a pair's Lopit is its approved translation) and written ones.
  const pack = useReadPrompts(userId);
  // A fresh pack whenever the screen opens with a connection (offline, the phone's pack serves).
  useEffect(() => void refreshPromptPack().catch(() => undefined), []);
  const {
    queue: prompts,
    left,
    position,
    round,
  } = useMemo(() => speakQueue(pack?.prompts ?? [], aside ?? []), [pack, aside]);
  // The sentence being recorded stays on screen until it is saved or thrown away.
  const [pinned, setPinned] = useState<ReadPrompt | null>(null);
  const reading = pack === undefined || aside === undefined;
  const prompt = reading ? undefined : (pinned ?? prompts[0]);
  const text = prompt ? prompt.lopit : null;
  const recording = state.kind === 'recording' || state.kind === 'stopping';
  const busy = recording || state.kind === 'review' || state.kind === 'starting';

  function skip() {
    if (!prompt) return;
    void putAside(prompt.key, round);
    setPinned(null);
    setNotice(m.skipped);
  }

  async function begin() {
    if (!prompt || !text) return;
    setNotice(null);
    setPinned(prompt);
    await start({
      title: null,
      transcript: text,
      language: LOPIT,
      // The clip names what it read: the pair, or the written sentence (whose text the server keeps as its own).
      promptPairId: prompt.from === 'pair' ? prompt.id : null,
      promptSentenceId: prompt.from === 'sentence' ? prompt.id : null,
      speakerId,
    });
  }

  async function again() {
    await reset(true);
    await begin();
  }

  async function save() {
    if (state.kind !== 'review') return;
    await saveDraft(state.draftId, { durationSeconds: state.durationSeconds });
    await reset(false);
    // Recorded, the sentence goes after those still to read (usePrompts' order) and the count goes down.
    setPinned(null);
    setNotice(rec.savedOnPhone);
  }

  return (
    <section className="card stack speak-card" aria-labelledby="speak-heading" data-testid="speak-card">
      <div className="speak-card-head">
        <h2 id="speak-heading" className="review-position speak-position" data-testid="speak-position">
          {!prompt
            ? t(m.noSentence)
            : prompt.recorded
              ? t(m.allRecorded)
              : t(m.position, { position, count: left })}
        </h2>
      </div>
      {offline && pack && (
        <p className="notice-box" role="status" data-testid="speak-offline">
          <span aria-hidden="true">⚠ </span>
          {t(m.offline, { count: prompts.length })}
        </p>
      )}
      {notice && (
        <p className="success-box" role="status" data-testid="speak-notice">
          {t(notice)}
        </p>
      )}
      {prompt && text ? (
        <>
          {/* A written sentence says so under it (and where it comes from), kept with it as one. */}
          <div className="stack-tight">
            <p className="prompt-sentence speak-sentence" lang={LOPIT} data-testid="prompt">
              {text}
            </p>
            {prompt.from === 'sentence' && (
              <p className="muted" data-testid="prompt-written">
                {prompt.source ? t(m.writtenFrom, { source: prompt.source }) : t(m.written)}
              </p>
            )}
          </div>
          {/* For people who follow spoken language better than written: a community recording of the sentence
              when a validated one exists, else synthesis, labelled as such (needs a connection). */}
          <div className="speak-hear" data-testid="hear-prompt">
            <SpeechButton
              key={prompt.key}
              text={text}
              language={LOPIT}
              label={t(m.hear)}
              ariaLabel={t(m.hearLabel)}
            />
          </div>
        </>
      ) : reading ? (
        <p role="status">{t(m.reading)}</p>
      ) : (
        <p className="muted" data-testid="speak-empty">
          {t(pack && pack.untranslated > 0 ? m.noLopit : m.empty)}
        </p>
      )}
      {state.kind === 'error' && (
        <div className="error-box" role="alert">
          {state.message}
        </div>
      )}
      {recording && <LiveLevel elapsed={elapsed} level={level} warning={warning} />}
      {state.kind === 'review' ? (
        <Review
          state={state}
          alwaysAgain
          onKeep={() => void save()}
          onAgain={() => void again()}
          onDiscard={() => void reset(true).then(() => setPinned(null))}
        />
      ) : (
        <BigRecordButton
          state={state}
          label={t(m.record)}
          disabled={!text}
          onStart={() => void begin()}
          onStop={() => void stop()}
        />
      )}
      <div className="button-row speak-secondary">
        <button type="button" className="btn" disabled={busy || prompts.length < 2} onClick={skip}>
          {t(m.skip)}
        </button>
        <button type="button" className="btn" disabled={busy || !prompt} onClick={() => setReporting(true)}>
          {t(m.report)}
        </button>
      </div>
      {prompt && (
        <PromptReportDialog
          open={reporting}
          onClose={() => setReporting(false)}
          onReport={(report) => {
            setNotice(m.reported);
            void reportReadPrompt(userId, prompt, report);
          }}
        />
      )}
    </section>
  );
}
