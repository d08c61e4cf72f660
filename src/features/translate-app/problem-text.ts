// What is wrong with a translation of an interface message, in the interface's language: the editor of
// Translate the app and the admin's PO import report word it the same (core/i18n/problem-words.ts).
import type { TranslationProblem } from '../../../core/i18n/icu.ts';
import { problemMessage } from '../../../core/i18n/problem-words.ts';
import { formatNumber, type Translate } from '../../i18n/i18n.tsx';

export function problemText(t: Translate, problem: TranslationProblem): string {
  const [descriptor, values] = problemMessage(problem);
  return t(
    descriptor,
    typeof values.max === 'number' ? { ...values, max: formatNumber(values.max) } : values,
  );
}
