// The category filter of the translation screens (the table and one sentence at a time): all, or one category.
import { TRANSLATION_CATEGORIES, type TranslationCategory } from '../../../core/constants.ts';
import type { MessageDescriptor } from '../../../core/i18n/define.ts';
import { translation } from '../../../core/i18n/messages/translation.ts';
import { useT } from '../../i18n/i18n.tsx';

export type CategoryChoice = TranslationCategory | 'all';

/** The name of each category of sentences, for every screen that shows one. */
export const CATEGORY_TEXT: Record<TranslationCategory, MessageDescriptor> = {
  greetings: translation.greetings,
  family: translation.family,
  numbers: translation.numbers,
  food: translation.food,
  time: translation.time,
};

export function CategorySelect({
  value,
  onChange,
  className,
}: {
  value: CategoryChoice;
  onChange: (value: CategoryChoice) => void;
  className?: string;
}) {
  const t = useT();
  return (
    <label className={className}>
      {t(translation.category)}{' '}
      <select
        className="input"
        value={value}
        onChange={(event) => onChange(event.target.value as CategoryChoice)}
      >
        <option value="all">{t(translation.allCategories)}</option>
        {TRANSLATION_CATEGORIES.map((name) => (
          <option key={name} value={name}>
            {t(CATEGORY_TEXT[name])}
          </option>
        ))}
      </select>
    </label>
  );
}
