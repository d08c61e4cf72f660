// 'Record New Audio': choose what to record (a sentence to read, or freely), record with a live level, listen
// back, then save on this phone or discard; recordings interrupted by a crash can be kept or discarded.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import { qualityProblems } from '../../../core/audio/quality.ts';
import { recording as m } from '../../../core/i18n/messages/recording.ts';
import { formatDate, formatNumber, richText, useT } from '../../i18n/i18n.tsx';
import { localDb, type LocalRecording } from '../../offline/local-db.ts';
import { deleteLocal, saveDraft } from './local-recordings.ts';
import { refreshPromptPack, usePrompts } from './prompt-pack.ts';
import { qualityAdviceText, qualityLabel } from './quality-text.ts';
import { FreeFieldsForm, PromptFields, RECORDED_LANGUAGE, type FreeFields } from './recording-fields.tsx';
import { maxSeconds, useRecorder, type LiveWarning, type RecorderState } from './use-recorder.ts';

type Mode = 'prompted' | 'free';

/** Records as the account holder, or as the field speaker `speakerId` chosen for the session (issue 16). */
export function Recorder({ userId, speakerId = null }: { userId: string; speakerId?: string | null }) {
  const t = useT();
  const { state, level, warning, elapsed, start, stop, reset } = useRecorder(userId);
  const [mode, setMode] = useState<Mode>('prompted');
  const [free, setFree] = useState<FreeFields>({ title: '', transcript: '' });
  const [promptIndex, setPromptIndex] = useState(0);
  const [saved, setSaved] = useState(false);
  const pack = usePrompts(userId);
  const prompts = useMemo(() => (pack ?? []).filter((prompt) => prompt.lopit.trim() !== ''), [pack]);
  // A fresh pack whenever the recorder opens with a connection (offline, the phone's pack serves).
  useEffect(() => void refreshPromptPack().catch(() => undefined), []);
  const prompt = prompts.length > 0 ? prompts[promptIndex % prompts.length] : undefined;
  const promptText = prompt ? prompt.lopit : null;
  const interrupted = useInterruptedDrafts(userId, 'draftId' in state ? state.draftId : null);

  async function begin() {
    setSaved(false);
    if (mode === 'prompted' && prompt && promptText) {
      await start({
        title: null,
        transcript: promptText,
        language: RECORDED_LANGUAGE,
        promptPairId: prompt.id,
        speakerId,
      });
    } else {
      await start({
        title: free.title.trim() || null,
        transcript: free.transcript.trim() || null,
        language: RECORDED_LANGUAGE,
        promptPairId: null,
        speakerId,
      });
    }
  }

  /** Discards the clip just recorded and records the same thing again. */
  async function again() {
    await reset(true);
    await begin();
  }

  async function keep() {
    if (state.kind !== 'review') return;
    await saveDraft(state.draftId, { durationSeconds: state.durationSeconds });
    await reset(false);
    setSaved(true);
    if (mode === 'prompted') setPromptIndex((index) => index + 1);
  }

  const recording = state.kind === 'recording' || state.kind === 'stopping';
  return (
    <section className="card form" aria-labelledby="record-heading" data-testid="recorder">
      <h2 id="record-heading">{t(m.recordNew)}</h2>
      {interrupted.length > 0 && <InterruptedDrafts drafts={interrupted} />}
      <fieldset disabled={recording || state.kind === 'review'}>
        <legend>{t(m.whatToRecord)}</legend>
        <label className="checkbox">
          <input
            type="radio"
            name="mode"
            checked={mode === 'prompted'}
            onChange={() => setMode('prompted')}
          />
          <span>{t(m.modePrompted)}</span>
        </label>
        <label className="checkbox">
          <input type="radio" name="mode" checked={mode === 'free'} onChange={() => setMode('free')} />
          <span>{t(m.modeFree)}</span>
        </label>
      </fieldset>
      {mode === 'prompted' ? (
        <PromptFields
          promptText={promptText}
          recording={recording}
          canSkip={prompts.length >= 2}
          onNext={() => setPromptIndex((index) => index + 1)}
        />
      ) : (
        <FreeFieldsForm value={free} onChange={setFree} />
      )}
      {state.kind === 'error' && (
        <div className="error-box" role="alert">
          {state.message}
        </div>
      )}
      {saved && (
        <div className="success-box" role="status">
          {t(m.savedOnPhone)}
        </div>
      )}
      {recording && <LiveLevel elapsed={elapsed} level={level} warning={warning} />}
      {state.kind === 'review' ? (
        <Review
          state={state}
          onKeep={() => void keep()}
          onAgain={() => void again()}
          onDiscard={() => void reset(true)}
        />
      ) : (
        <RecordButtons
          state={state}
          canStart={mode !== 'prompted' || Boolean(promptText)}
          onStart={() => void begin()}
          onStop={() => void stop()}
        />
      )}
    </section>
  );
}

/** Drafts with audio that are not being recorded now: cut off by a crash or a closed tab. */
function useInterruptedDrafts(userId: string, activeDraft: string | null): LocalRecording[] {
  const drafts = useLiveQuery(
    () =>
      localDb()
        .recordings.where('userId')
        .equals(userId)
        .filter((recording) => recording.state === 'draft' && recording.chunkCount > 0)
        .toArray(),
    [userId],
  );
  return (drafts ?? []).filter((draft) => draft.id !== activeDraft);
}

function InterruptedDrafts({ drafts }: { drafts: LocalRecording[] }) {
  const t = useT();
  return (
    <div className="notice-box" role="status">
      {drafts.map((draft) => (
        <p key={draft.id}>
          {t(m.interrupted, {
            date: formatDate(new Date(draft.createdAt), { dateStyle: 'medium', timeStyle: 'short' }),
            seconds: formatNumber(draft.chunkCount),
          })}{' '}
          <button
            type="button"
            className="btn"
            onClick={() => void saveDraft(draft.id, { durationSeconds: draft.chunkCount })}
          >
            {t(m.keepIt)}
          </button>{' '}
          <button type="button" className="btn" onClick={() => void deleteLocal(draft.id)}>
            {t(m.discardIt)}
          </button>
        </p>
      ))}
    </div>
  );
}

const LIVE_WARNING = { quiet: m.warnQuiet, loud: m.warnLoud } as const;

export function LiveLevel({
  elapsed,
  level,
  warning,
  max = maxSeconds,
}: {
  elapsed: number;
  level: number;
  warning: LiveWarning;
  /** The longest recording in seconds (a Tell recording's is longer). */
  max?: number;
}) {
  const t = useT();
  const percent = Math.round(level * 100);
  const levelWord = t(level < 0.05 ? m.levelQuiet : level > 0.9 ? m.levelLoud : m.levelGood);
  return (
    <div className="recorder-live" data-testid="recording-live">
      <p role="timer" aria-live="off">
        <span aria-hidden="true">●</span>{' '}
        {t(m.elapsed, { elapsed: formatNumber(Math.floor(elapsed)), max: formatNumber(max) })}
      </p>
      <div
        className="level-meter"
        role="meter"
        aria-label={t(m.micLevel)}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={t(m.levelValue, { percent: percent / 100, level: levelWord })}
      >
        <div className="level-meter-fill" style={{ inlineSize: `${percent}%` }} />
      </div>
      <p className="muted">{t(m.level, { level: levelWord })}</p>
      <p className="warning-text" role="status" data-testid="live-warning">
        {warning && (
          <>
            <span aria-hidden="true">⚠ </span>
            {t(LIVE_WARNING[warning])}
          </>
        )}
      </p>
    </div>
  );
}

export function Review(props: {
  state: Extract<RecorderState, { kind: 'review' }>;
  onKeep: () => void;
  onAgain: () => void;
  onDiscard: () => void;
  /** Offer "Record again" for every clip, not only one that may not be usable (Speak). */
  alwaysAgain?: boolean;
}) {
  const t = useT();
  const problems = qualityProblems(props.state.quality);
  return (
    <div className="stack" data-testid="review">
      <p>
        {t(m.listenBefore, {
          seconds: formatNumber(props.state.durationSeconds, {
            minimumFractionDigits: 1,
            maximumFractionDigits: 1,
          }),
        })}
      </p>
      <audio controls src={props.state.url} data-testid="review-audio" />
      {problems.length > 0 && (
        <div className="notice-box" role="alert" data-testid="quality-verdict">
          <p>
            <strong>
              <span aria-hidden="true">⚠ </span>
              {t(m.mayNotBeUsable)}
            </strong>
          </p>
          <ul>
            {problems.map((problem) => (
              <li key={problem.kind}>
                {richText(
                  t,
                  m.problem,
                  { label: <strong>{qualityLabel(t, problem.kind)}</strong> },
                  { advice: qualityAdviceText(t, problem.kind) },
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="button-row">
        {(problems.length > 0 || props.alwaysAgain) && (
          <button
            type="button"
            className={problems.length > 0 ? 'btn btn-primary' : 'btn'}
            onClick={props.onAgain}
          >
            {t(m.recordAgain)}
          </button>
        )}
        <button
          type="button"
          className={problems.length > 0 ? 'btn' : 'btn btn-primary'}
          onClick={props.onKeep}
        >
          {t(problems.length > 0 ? m.saveAnyway : m.save)}
        </button>
        <button type="button" className="btn btn-danger" onClick={props.onDiscard}>
          {t(m.discard)}
        </button>
      </div>
    </div>
  );
}

function RecordButtons(props: {
  state: RecorderState;
  canStart: boolean;
  onStart: () => void;
  onStop: () => void;
}) {
  const t = useT();
  const { state } = props;
  const recording = state.kind === 'recording' || state.kind === 'stopping';
  return (
    <div className="button-row">
      {recording ? (
        <button
          type="button"
          className="btn btn-danger"
          disabled={state.kind === 'stopping'}
          onClick={props.onStop}
        >
          {t(state.kind === 'stopping' ? m.finishing : m.stop)}
        </button>
      ) : (
        <button
          type="button"
          className="btn btn-primary"
          disabled={state.kind === 'starting' || !props.canStart}
          onClick={props.onStart}
        >
          {t(state.kind === 'starting' ? m.starting : m.start)}
        </button>
      )}
    </div>
  );
}
