// What the contributor says about a recording before it starts: the Lopit sentence to read, or, for free
// recording, a title and what is said. Every clip is Lopit speech (issue 32): the datasets hold Lopit only.
import { RECORDING_TITLE_MAX, RECORDING_TRANSCRIPT_MAX } from '../../../core/api/recordings.ts';
import { recording as m } from '../../../core/i18n/messages/recording.ts';
import { useT } from '../../i18n/i18n.tsx';

/** The language of every clip the recorder makes. */
export const RECORDED_LANGUAGE = 'lpx';

export interface FreeFields {
  title: string;
  transcript: string;
}

export function PromptFields(props: {
  promptText: string | null;
  recording: boolean;
  canSkip: boolean;
  onNext: () => void;
}) {
  const t = useT();
  const { promptText, recording } = props;
  return (
    <div className="stack">
      {promptText ? (
        <p className="prompt-sentence" lang={RECORDED_LANGUAGE} data-testid="prompt">
          {promptText}
        </p>
      ) : (
        <p className="muted">{t(m.noLopitSentence)}</p>
      )}
      <button type="button" className="btn" disabled={recording || !props.canSkip} onClick={props.onNext}>
        {t(m.anotherSentence)}
      </button>
    </div>
  );
}

export function FreeFieldsForm({
  value,
  onChange,
}: {
  value: FreeFields;
  onChange: (value: FreeFields) => void;
}) {
  const t = useT();
  return (
    <div className="stack">
      <label className="field">
        <span>{t(m.titleOptional)}</span>
        <input
          className="input"
          value={value.title}
          maxLength={RECORDING_TITLE_MAX}
          onChange={(event) => onChange({ ...value, title: event.target.value })}
        />
      </label>
      <label className="field">
        <span>{t(m.whatIsSaid)}</span>
        <textarea
          className="input"
          rows={2}
          value={value.transcript}
          maxLength={RECORDING_TRANSCRIPT_MAX}
          onChange={(event) => onChange({ ...value, transcript: event.target.value })}
        />
      </label>
    </div>
  );
}
