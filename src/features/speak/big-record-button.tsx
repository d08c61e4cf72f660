// The one large record / stop control of the one-at-a-time screens (Speak, and Translate's "Say it").
import type { RecorderState } from '../recording/use-recorder.ts';

export function BigRecordButton(props: {
  state: RecorderState;
  /** The start button's words ("Record", "Say it in Lopit"). */
  label: string;
  disabled: boolean;
  onStart: () => void;
  onStop: () => void;
}) {
  const { state } = props;
  return (
    <div className="speak-controls">
      {state.kind === 'recording' || state.kind === 'stopping' ? (
        <button
          type="button"
          className="btn btn-danger speak-big"
          disabled={state.kind === 'stopping'}
          onClick={props.onStop}
        >
          <span aria-hidden="true">■</span> {state.kind === 'stopping' ? 'Finishing…' : 'Stop'}
        </button>
      ) : (
        <button
          type="button"
          className="btn btn-primary speak-big"
          disabled={props.disabled || state.kind === 'starting'}
          onClick={props.onStart}
        >
          <span aria-hidden="true">●</span>{' '}
          {state.kind === 'starting' ? 'Starting the microphone…' : props.label}
        </button>
      )}
    </div>
  );
}
