// What is wrong with a translation of an interface message (icu.ts, translationProblems), in the catalogue's
// words: the in-app editor shows them in the interface's language, and the PO import's report gives them in
// English (issue 35: the same wording in both places).
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { MessageDescriptor } from './define.ts';
import type { TranslationProblem } from './icu.ts';
import { translateApp as m } from './messages/translate-app.ts';

/** The message saying what is wrong, with its values. */
export function problemMessage(
  problem: TranslationProblem,
): [MessageDescriptor, Record<string, string | number>] {
  switch (problem.kind) {
    case 'too-long':
      return [m.problemTooLong, { max: problem.max }];
    case 'bidi-control':
      return [m.problemBidi, { name: problem.name }];
    case 'markup':
      return [m.problemMarkup, { name: problem.name }];
    case 'syntax':
      if (problem.reason === 'unclosed-brace') return [m.problemUnclosed, {}];
      if (problem.reason === 'unopened-brace') return [m.problemUnopened, {}];
      return [m.problemSyntax, { detail: (problem.detail.split('\n')[0] ?? '').replace(/:$/, '') }];
    case 'missing-placeholder':
      return [m.problemMissing, { name: `{${problem.name}}` }];
    case 'unknown-placeholder':
      return [m.problemUnknown, { name: `{${problem.name}}` }];
    case 'wrong-kind':
      return [m.problemKind, { name: `{${problem.name}}`, kind: problem.expected }];
    case 'missing-other':
      return [m.problemOther, { name: `{${problem.name}}` }];
  }
}

/**
 * A message in English with plain placeholders filled in (the server's words, where no interface language
 * applies): enough for the problem messages, which have no plurals or selects.
 */
export function englishText(descriptor: MessageDescriptor, values: Record<string, string | number>): string {
  return compileMessageOrThrow(descriptor.message)
    .map((token) => {
      if (typeof token === 'string') return token;
      const value = values[token[0]] ?? '';
      return typeof value === 'number' ? value.toLocaleString('en') : value;
    })
    .join('');
}

/** What is wrong with a translation, in English sentences joined with "; " (the PO import's report). */
export const problemsInEnglish = (problems: readonly TranslationProblem[]) =>
  [...new Set(problems.map((problem) => englishText(...problemMessage(problem)).replace(/\.$/, '')))].join(
    '; ',
  );
