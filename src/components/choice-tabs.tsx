// A choice between two or more views of one screen (Transcribe's parts, Translate's "Type it / Say it", Translate
// the app's list or one at a time): a named group of buttons, the chosen one pressed (aria-pressed), laid out and
// drawn like the link tabs (tabs.css). Each is a button in the tab order; Enter or Space chooses it.
import './tabs.css';

export interface Choice<Value extends string> {
  value: Value;
  label: string;
}

export function ChoiceTabs<Value extends string>({
  label,
  choices,
  value,
  onChange,
  className,
  testIdPrefix,
}: {
  /** The group's name, said by screen readers ("How to answer"). */
  label: string;
  choices: readonly Choice<Value>[];
  value: Value;
  onChange: (value: Value) => void;
  /** The screen's own class on the group (its spacing). */
  className?: string;
  /** Each button's test id is this followed by its value. */
  testIdPrefix?: string;
}) {
  return (
    <div
      className={['review-tabs choice-tabs', className].filter(Boolean).join(' ')}
      role="group"
      aria-label={label}
    >
      {choices.map((choice) => (
        <button
          key={choice.value}
          type="button"
          className="review-tab"
          aria-pressed={value === choice.value}
          data-testid={testIdPrefix === undefined ? undefined : `${testIdPrefix}${choice.value}`}
          onClick={() => onChange(choice.value)}
        >
          {choice.label}
        </button>
      ))}
    </div>
  );
}
