// One clip recorded for one item on a one-at-a-time card (an English sentence said in Lopit, a clip repeated
// slowly): the big button starts it with the item's metadata, the live level shows while it runs, then the clip
// is heard and kept (a draft the outbox sends) or recorded again.
import type { RecordingMeta } from './local-recordings.ts';
import { saveDraft } from './local-recordings.ts';
import { LiveLevel, Review } from './recorder.tsx';
import { useRecorder } from './use-recorder.ts';
import { BigRecordButton } from '../speak/big-record-button.tsx';

export function useOneTake(
  userId: string,
  meta: () => Omit<RecordingMeta, 'mimeType' | 'fileName'>,
  onSaved: () => void,
) {
  const recorder = useRecorder(userId);
  const { state, start, reset } = recorder;
  const recording = state.kind === 'recording' || state.kind === 'stopping';
  const busy = recording || state.kind === 'review' || state.kind === 'starting';
  const begin = () => start(meta());
  async function keep() {
    if (state.kind !== 'review') return;
    await saveDraft(state.draftId, { durationSeconds: state.durationSeconds });
    await reset(false);
    onSaved();
  }
  return { ...recorder, recording, busy, begin, keep };
}

/** The card's recording controls: the error, the live level, and the big button or the clip to keep. */
export function OneTakeControls({
  take,
  label,
  disabled,
}: {
  take: ReturnType<typeof useOneTake>;
  /** The start button's words, in the interface's language. */
  label: string;
  disabled: boolean;
}) {
  const { state, level, warning, elapsed, stop, reset, begin, keep, recording } = take;
  return (
    <>
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
          onKeep={() => void keep()}
          onAgain={() => void reset(true).then(begin)}
          onDiscard={() => void reset(true)}
        />
      ) : (
        <BigRecordButton
          state={state}
          label={label}
          disabled={disabled}
          onStart={() => void begin()}
          onStop={() => void stop()}
        />
      )}
    </>
  );
}
