// What the contributor says about a recording before it starts: the sentence to read (and in which language),
// or, for free recording, a title, what is said and its language.
import { RECORDING_TITLE_MAX, RECORDING_TRANSCRIPT_MAX } from '../../../core/api/recordings.ts';

export type Language = 'lpx' | 'en';

export interface FreeFields {
  title: string;
  transcript: string;
  language: Language;
}

export function PromptFields(props: {
  readIn: Language;
  onReadIn: (language: Language) => void;
  promptText: string | null;
  recording: boolean;
  canSkip: boolean;
  onNext: () => void;
}) {
  const { readIn, promptText, recording } = props;
  return (
    <div className="stack">
      <label>
        Read in{' '}
        <select
          className="input"
          value={readIn}
          disabled={recording}
          onChange={(event) => props.onReadIn(event.target.value as Language)}
        >
          <option value="en">English</option>
          <option value="lpx">Lopit</option>
        </select>
      </label>
      {promptText ? (
        <p className="prompt-sentence" lang={readIn} data-testid="prompt">
          {promptText}
        </p>
      ) : (
        <p className="muted">
          {readIn === 'lpx'
            ? 'No sentence has a Lopit translation yet. Add some in the Translation Editor, or read in English.'
            : 'No sentences to read are on this phone yet. Connect once and open this page (or Settings, Ready for the field) to download them, or record freely.'}
        </p>
      )}
      <button type="button" className="btn" disabled={recording || !props.canSkip} onClick={props.onNext}>
        Another sentence
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
  return (
    <div className="stack">
      <label className="field">
        <span>Title (optional)</span>
        <input
          className="input"
          value={value.title}
          maxLength={RECORDING_TITLE_MAX}
          onChange={(event) => onChange({ ...value, title: event.target.value })}
        />
      </label>
      <label className="field">
        <span>What is said (optional)</span>
        <textarea
          className="input"
          rows={2}
          value={value.transcript}
          maxLength={RECORDING_TRANSCRIPT_MAX}
          onChange={(event) => onChange({ ...value, transcript: event.target.value })}
        />
      </label>
      <label>
        Language{' '}
        <select
          className="input"
          value={value.language}
          onChange={(event) => onChange({ ...value, language: event.target.value as Language })}
        >
          <option value="lpx">Lopit</option>
          <option value="en">English</option>
        </select>
      </label>
    </div>
  );
}
