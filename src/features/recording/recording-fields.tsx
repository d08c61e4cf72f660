// What the contributor says about a recording before it starts: the sentence to read (and in which language),
// or, for free recording, a title, what is said and its language.
import { RECORDING_TITLE_MAX, RECORDING_TRANSCRIPT_MAX } from '../../../core/api/recordings.ts';
import { recording as m } from '../../../core/i18n/messages/recording.ts';
import { useT } from '../../i18n/i18n.tsx';

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
  const t = useT();
  const { readIn, promptText, recording } = props;
  return (
    <div className="stack">
      <label>
        {t(m.readIn)}{' '}
        <select
          className="input"
          value={readIn}
          disabled={recording}
          onChange={(event) => props.onReadIn(event.target.value as Language)}
        >
          <option value="en">{t(m.languageEnglish)}</option>
          <option value="lpx">{t(m.languageLopit)}</option>
        </select>
      </label>
      {promptText ? (
        <p className="prompt-sentence" lang={readIn} data-testid="prompt">
          {promptText}
        </p>
      ) : (
        <p className="muted">{t(readIn === 'lpx' ? m.noLopitSentence : m.noSentence)}</p>
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
      <label>
        {t(m.language)}{' '}
        <select
          className="input"
          value={value.language}
          onChange={(event) => onChange({ ...value, language: event.target.value as Language })}
        >
          <option value="lpx">{t(m.languageLopit)}</option>
          <option value="en">{t(m.languageEnglish)}</option>
        </select>
      </label>
    </div>
  );
}
