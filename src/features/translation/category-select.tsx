// The category filter of the translation screens (the table and one sentence at a time): all, or one category.
import { TRANSLATION_CATEGORIES, type TranslationCategory } from '../../../core/constants.ts';

export type CategoryChoice = TranslationCategory | 'all';

export function CategorySelect({
  value,
  onChange,
  className,
}: {
  value: CategoryChoice;
  onChange: (value: CategoryChoice) => void;
  className?: string;
}) {
  return (
    <label className={className}>
      Category{' '}
      <select
        className="input"
        value={value}
        onChange={(event) => onChange(event.target.value as CategoryChoice)}
      >
        <option value="all">all</option>
        {TRANSLATION_CATEGORIES.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    </label>
  );
}
