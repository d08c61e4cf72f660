// The one large record / stop control of the one-at-a-time screens (Speak, and Translate's "Say it").
import { recording as m } from '../../../core/i18n/messages/recording.ts';
import { useT } from '../../i18n/i18n.tsx';
import type { RecorderState } from '../recording/use-recorder.ts';

export function BigRecordButton(props: {
  state: RecorderState;
  /** The start button's words ("Record", "Say it in Lopit"), in the interface's language. */
  label: string;
  disabled: boolean;
  onStart: () => void;
  onStop: () => void;
}) {
  const t = useT();
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
          <span aria-hidden="true">■</span> {t(state.kind === 'stopping' ? m.finishing : m.stop)}
        </button>
      ) : (
        <button
          type="button"
          className="btn btn-primary speak-big"
          disabled={props.disabled || state.kind === 'starting'}
          onClick={props.onStart}
        >
          <span aria-hidden="true">●</span> {state.kind === 'starting' ? t(m.starting) : props.label}
        </button>
      )}
    </div>
  );
}
