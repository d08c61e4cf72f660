// What a translation of an interface message must keep of its English source, checked with Lingui's ICU
// compiler (@lingui/message-utils): the same placeholders, and each plural or select of the source with an
// `other` case. Also the pseudo-language that shows, in tests, any text not taken from the catalogue.
import {
  compileMessageOrThrow,
  type CompiledMessage,
  type CompiledMessageToken,
} from '@lingui/message-utils/compileMessage';

export type { CompiledMessage };

/** The arguments a message uses: name -> kind ('' for a plain placeholder, else plural, select, number…). */
export function messageArguments(compiled: CompiledMessage): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (tokens: CompiledMessageToken[]) => {
    for (const token of tokens) {
      if (typeof token === 'string') continue;
      const [name, type, format] = token;
      // `#` inside a plural is the plural's own number; it is not an argument.
      if (name === '#') continue;
      const kind = type ?? '';
      if (!found.has(name) || found.get(name) === '') found.set(name, kind);
      if (
        format &&
        typeof format === 'object' &&
        (type === 'plural' || type === 'select' || type === 'selectordinal')
      ) {
        for (const [key, value] of Object.entries(format as Record<string, unknown>)) {
          if (key !== 'offset' && Array.isArray(value)) walk(value as CompiledMessageToken[]);
        }
      }
    }
  };
  walk(compiled);
  return found;
}

/** The plurals and selects of a message with their cases, by argument. */
function choices(compiled: CompiledMessage): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  const walk = (tokens: CompiledMessageToken[]) => {
    for (const token of tokens) {
      if (typeof token === 'string') continue;
      const [name, type, format] = token;
      if (
        format &&
        typeof format === 'object' &&
        (type === 'plural' || type === 'select' || type === 'selectordinal')
      ) {
        const cases = Object.keys(format).filter((key) => key !== 'offset');
        found.set(name, new Set([...(found.get(name) ?? []), ...cases]));
        for (const key of cases) walk((format as Record<string, CompiledMessageToken[]>)[key]!);
      }
    }
  };
  walk(compiled);
  return found;
}

export type TranslationProblem =
  | { kind: 'syntax'; detail: string }
  | { kind: 'missing-placeholder'; name: string }
  | { kind: 'unknown-placeholder'; name: string }
  | { kind: 'wrong-kind'; name: string; expected: string }
  | { kind: 'missing-other'; name: string };

/** Compiles a message, or says why it is not valid ICU MessageFormat. */
export function compileChecked(
  text: string,
): { compiled: CompiledMessage } | { problem: TranslationProblem } {
  try {
    return { compiled: compileMessageOrThrow(text) };
  } catch (error) {
    return { problem: { kind: 'syntax', detail: error instanceof Error ? error.message : String(error) } };
  }
}

/**
 * What is wrong with `translation` as a translation of `source` (empty when nothing): it must be valid ICU,
 * use exactly the source's placeholders, each with the same kind (a plural stays a plural, with its own cases
 * for the language's plural forms but always `other`).
 */
export function translationProblems(source: string, translation: string): TranslationProblem[] {
  const sourceCompiled = compileMessageOrThrow(source);
  const checked = compileChecked(translation);
  if ('problem' in checked) return [checked.problem];
  const expected = messageArguments(sourceCompiled);
  const given = messageArguments(checked.compiled);
  const problems: TranslationProblem[] = [];
  for (const [name, kind] of expected) {
    if (!given.has(name)) problems.push({ kind: 'missing-placeholder', name });
    else if (given.get(name) !== kind) problems.push({ kind: 'wrong-kind', name, expected: kind || 'text' });
  }
  for (const name of given.keys()) {
    if (!expected.has(name)) problems.push({ kind: 'unknown-placeholder', name });
  }
  for (const [name, cases] of choices(checked.compiled)) {
    if (!cases.has('other')) problems.push({ kind: 'missing-other', name });
  }
  return problems;
}

/** The placeholders a translator must keep, as they are written in the source (`{name}`, `{count, plural}`). */
export function placeholdersOf(source: string): string[] {
  return [...messageArguments(compileMessageOrThrow(source))].map(([name, kind]) =>
    kind ? `{${name}, ${kind}}` : `{${name}}`,
  );
}

const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter, index) => [
    letter,
    [...'àƀçđéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÀßÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'][index]!,
  ]),
);

/** The pseudo-language's code: English, accented and made about 40% longer, inside [ ] markers. */
export const PSEUDO_LOCALE = 'en-XA';
export const PSEUDO_OPEN = '[';
export const PSEUDO_CLOSE = ']';

/**
 * One text run of the pseudo-language: accented letters, then a tilde for every 2.5 letters (≈40% longer), in
 * words of at most four so that, like a real language's words, they wrap between them.
 */
export function pseudoText(text: string): string {
  const accented = [...text].map((char) => ACCENTED[char] ?? char).join('');
  const letters = [...text].filter((char) => /\p{L}/u.test(char)).length;
  if (letters === 0) return accented;
  const padding = ('~'.repeat(Math.ceil(letters * 0.4)).match(/~{1,4}/g) ?? []).join(' ');
  const trailing = /\s$/.test(accented) ? accented.match(/\s+$/)![0] : '';
  return `${accented.trimEnd()} ${padding}${trailing}`;
}

/** The pseudo-language's form of an English message, compiled: text accented and lengthened, in [ ]. */
export function pseudoMessage(source: string): CompiledMessage {
  const compiled = compileMessageOrThrow(source, pseudoText);
  return [PSEUDO_OPEN, ...compiled, PSEUDO_CLOSE];
}
