// What a translation of an interface message must keep of its English source, checked with Lingui's ICU
// compiler (@lingui/message-utils): the same placeholders, and each plural or select of the source with an
// `other` case; and what it may not bring: more than UI_MESSAGE_MAX characters, bidirectional controls, markup
// the English does not have. The in-app editor, its API and the PO import all check this one rule. Also the
// pseudo-language that shows, in tests, any text not taken from the catalogue.
import {
  compileMessageOrThrow,
  type CompiledMessage,
  type CompiledMessageToken,
} from '@lingui/message-utils/compileMessage';
import { UI_MESSAGE_MAX } from './languages.ts';

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
  | { kind: 'too-long'; max: number }
  | { kind: 'bidi-control'; name: string }
  | { kind: 'markup'; name: string }
  | { kind: 'syntax'; detail: string; reason?: SyntaxReason }
  | { kind: 'missing-placeholder'; name: string }
  | { kind: 'unknown-placeholder'; name: string }
  | { kind: 'wrong-kind'; name: string; expected: string }
  | { kind: 'missing-other'; name: string };

/**
 * Why a text is not valid ICU MessageFormat, in a translator's terms (issue 35: "a { has no closing }" rather than
 * the parser's "Unexpected message end at line 1 col 26"): a `{` never closed, a `}` never opened, or something
 * else (the parser's words then). Text quoted with ICU's apostrophes ('{' is a brace to show) is skipped.
 */
export type SyntaxReason = 'unclosed-brace' | 'unopened-brace' | 'other';

export function syntaxReason(text: string): SyntaxReason {
  let depth = 0;
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (char === "'") {
      if (text[index + 1] === "'") index += 1;
      else if (quoted || /[{}#|]/.test(text[index + 1] ?? '')) quoted = !quoted;
      continue;
    }
    if (quoted) continue;
    if (char === '{') depth += 1;
    else if (char === '}') {
      if (depth === 0) return 'unopened-brace';
      depth -= 1;
    }
  }
  return depth > 0 ? 'unclosed-brace' : 'other';
}

/** Compiles a message, or says why it is not valid ICU MessageFormat. */
export function compileChecked(
  text: string,
): { compiled: CompiledMessage } | { problem: TranslationProblem } {
  try {
    return { compiled: compileMessageOrThrow(text) };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { problem: { kind: 'syntax', detail, reason: syntaxReason(text) } };
  }
}

/**
 * Controls that reorder the text around them (embeddings, overrides, isolates: U+202A-U+202E, U+2066-U+2069):
 * one U+202E turned a menu's "Chat" into "tahC". The marks U+200E, U+200F and U+061C reorder nothing and stay
 * allowed for languages written right to left.
 */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/gu;
/** An HTML-like tag (`<b>`, `</a>`, `<img src=x>`), up to 200 characters long. */
const MARKUP_TAG = /<\/?[A-Za-z][^<>]{0,200}>/g;

const codePoint = (char: string) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** What the text itself may not hold, whatever its placeholders: its length, reordering controls, new markup. */
function textProblems(source: string, translation: string): TranslationProblem[] {
  if (translation.length > UI_MESSAGE_MAX) return [{ kind: 'too-long', max: UI_MESSAGE_MAX }];
  const problems: TranslationProblem[] = [];
  const allowedControls = new Set(source.match(BIDI_CONTROL));
  for (const char of new Set(translation.match(BIDI_CONTROL)))
    if (!allowedControls.has(char)) problems.push({ kind: 'bidi-control', name: codePoint(char) });
  const allowedTags = new Set(source.match(MARKUP_TAG));
  for (const tag of new Set(translation.match(MARKUP_TAG)))
    if (!allowedTags.has(tag)) problems.push({ kind: 'markup', name: tag });
  return problems;
}

/**
 * What is wrong with `translation` as a translation of `source` (empty when nothing): at most UI_MESSAGE_MAX
 * characters, no reordering controls or markup the source does not have, valid ICU using exactly the source's
 * placeholders, each with the same kind (a plural stays a plural, with its own cases for the language's plural
 * forms but always `other`).
 */
export function translationProblems(source: string, translation: string): TranslationProblem[] {
  const problems = textProblems(source, translation);
  if (problems[0]?.kind === 'too-long') return problems;
  const sourceCompiled = compileMessageOrThrow(source);
  const checked = compileChecked(translation);
  if ('problem' in checked) return [...problems, checked.problem];
  // The compiler shows a `}` that closes nothing as text; the English never has one, so it is a slip.
  if (syntaxReason(translation) === 'unopened-brace' && syntaxReason(source) !== 'unopened-brace')
    problems.push({ kind: 'syntax', detail: '', reason: 'unopened-brace' });
  const expected = messageArguments(sourceCompiled);
  const given = messageArguments(checked.compiled);
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
