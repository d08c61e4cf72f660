// Text normalisation and code-point tokenisation shared by memory, lexicon, model and evaluation.

/** A token of the input: a word (letters, marks, digits) or one punctuation/symbol character. */
export interface Token {
  /** The text as written (after NFC and punctuation unification). */
  text: string;
  /** Matching form: case-folded, Lopit letters canonical (ŋ -> ng, ɲ -> ny). */
  norm: string;
  /** Accent-insensitive key: the matching form without diacritics and with open vowels folded. */
  key: string;
  kind: 'word' | 'punct';
  /** Whether whitespace preceded the token in the input (used to rebuild the text). */
  spaceBefore: boolean;
}

// Punctuation that has several Unicode spellings is unified, so "don’t" and "don't" match.
const PUNCTUATION_MAP: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201A': "'",
  '\u2032': "'",
  '\u201C': '"',
  '\u201D': '"',
  '\u201E': '"',
  '\u00AB': '"',
  '\u00BB': '"',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2015': '-',
  '\u2212': '-',
  '\u2026': '...',
  '\u00A0': ' ',
  '\u2009': ' ',
  '\u202F': ' ',
};

// Letters of Nilotic orthographies that people often type without their special shape.
const LOOSE_LETTERS: Record<string, string> = { ɛ: 'e', ɔ: 'o', ɪ: 'i', ʊ: 'u', ə: 'e', ʼ: "'" };

// eslint-disable-next-line no-control-regex
const ASCII_ONLY = /^[\x00-\x7f]*$/;
const WORD_CHAR = /[\p{L}\p{M}\p{N}]/u;
const MARK = /\p{M}/gu;
const SPACE = /\s/u;
// Characters that join two word characters into one word: apostrophes, hyphens, and decimal separators.
const JOINERS = new Set(["'", '-', 'ʼ', '.', ',']);

/** NFC plus unified quotes, dashes, ellipsis and spaces; the form every other step starts from. */
export function normaliseText(text: string): string {
  // ASCII is already NFC and holds none of the characters mapped above.
  if (ASCII_ONLY.test(text)) return text;
  let out = '';
  for (const ch of text.normalize('NFC')) out += PUNCTUATION_MAP[ch] ?? ch;
  return out;
}

/** Case folding (locale-independent) followed by NFC, since lower-casing can decompose. */
export function foldCase(text: string): string {
  return text.toLowerCase().normalize('NFC');
}

/** Lopit letters to one canonical spelling: ŋ and "ng" match, ɲ and "ny" match. */
export function canonicalLetters(text: string): string {
  return text.replace(/ŋ/g, 'ng').replace(/ɲ/g, 'ny');
}

/** The form used for matching words and sentences: NFC, folded, Lopit letters canonical. */
export function matchForm(text: string): string {
  return canonicalLetters(foldCase(normaliseText(text)));
}

/** Accent-insensitive key: the matching form without combining marks, open vowels folded. */
export function accentKey(text: string): string {
  const stripped = matchForm(text).normalize('NFD').replace(MARK, '').normalize('NFC');
  let out = '';
  for (const ch of stripped) out += LOOSE_LETTERS[ch] ?? ch;
  return out;
}

// ASCII answers without a Unicode-property regex: tokenising is most of the time of building a large
// lexicon or training, and most characters are ASCII.
function isWordChar(ch: string | undefined): boolean {
  if (ch === undefined) return false;
  const c = ch.charCodeAt(0);
  if (c < 128) return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57);
  return WORD_CHAR.test(ch);
}

function isSpace(ch: string): boolean {
  const c = ch.charCodeAt(0);
  if (c < 128) return c === 32 || (c >= 9 && c <= 13);
  return SPACE.test(ch);
}

/**
 * Splits text into word and punctuation tokens, walking code points (so letters outside the
 * Basic Multilingual Plane and combining marks stay inside their word). An apostrophe, hyphen,
 * or a decimal point/comma between two word characters stays inside the word ("don't", "3.5").
 */
export function tokenise(text: string): Token[] {
  const chars = Array.from(normaliseText(text));
  const tokens: Token[] = [];
  let spaceBefore = false;
  let i = 0;
  while (i < chars.length) {
    const ch = chars[i] as string;
    if (isSpace(ch)) {
      spaceBefore = true;
      i++;
      continue;
    }
    if (isWordChar(ch)) {
      let word = ch;
      i++;
      while (i < chars.length) {
        const next = chars[i] as string;
        if (isWordChar(next)) {
          word += next;
          i++;
        } else if (JOINERS.has(next) && isWordChar(chars[i + 1]) && joinerFits(next, word, chars[i + 1])) {
          word += next;
          i++;
        } else break;
      }
      tokens.push(makeToken(word, 'word', spaceBefore));
    } else {
      tokens.push(makeToken(ch, 'punct', spaceBefore));
      i++;
    }
    spaceBefore = false;
  }
  return tokens;
}

// "." and "," join only digits (3.5, 1,000); apostrophes and hyphens join any word characters.
function joinerFits(joiner: string, before: string, after: string | undefined): boolean {
  if (joiner !== '.' && joiner !== ',') return true;
  return /\p{N}$/u.test(before) && after !== undefined && /\p{N}/u.test(after);
}

// Training tokenises every sentence; caching the forms of recent words saves most of the work.
const FORM_CACHE_LIMIT = 100_000;
const formCache = new Map<string, [string, string]>();

function makeToken(text: string, kind: Token['kind'], spaceBefore: boolean): Token {
  let forms = formCache.get(text);
  if (!forms) {
    if (formCache.size >= FORM_CACHE_LIMIT) formCache.clear();
    forms = [matchForm(text), accentKey(text)];
    formCache.set(text, forms);
  }
  return { text, norm: forms[0], key: forms[1], kind, spaceBefore };
}

/** Word tokens only, in their matching form. */
export function matchWords(text: string): string[] {
  return tokenise(text)
    .filter((t) => t.kind === 'word')
    .map((t) => t.norm);
}

/** Sentence-level lookup key: the words' matching forms joined by one space, punctuation ignored. */
export function sentenceKey(text: string): string {
  return matchWords(text).join(' ');
}

/** Sentence-level accent-insensitive key. */
export function sentenceAccentKey(text: string): string {
  return tokenise(text)
    .filter((t) => t.kind === 'word')
    .map((t) => t.key)
    .join(' ');
}

const NO_SPACE_BEFORE = new Set(['.', ',', ';', ':', '!', '?', ')', ']', '}', '%', '...']);
const NO_SPACE_AFTER = new Set(['(', '[', '{', '¿', '¡']);

/**
 * Whether a space goes before each generated token: none before closing punctuation or after opening
 * punctuation; straight double quotes alternate between opening and closing.
 */
export function spacesBefore(tokens: readonly string[]): boolean[] {
  const out: boolean[] = [];
  let quoteOpen = false;
  let glueNext = true;
  for (const tok of tokens) {
    let glue = glueNext || NO_SPACE_BEFORE.has(tok);
    glueNext = NO_SPACE_AFTER.has(tok);
    if (tok === '"') {
      if (quoteOpen) glue = true;
      else glueNext = true;
      quoteOpen = !quoteOpen;
    }
    out.push(!glue);
  }
  return out;
}

/** Joins generated tokens into text, spaced as spacesBefore says. */
export function detokenise(tokens: readonly string[]): string {
  const spaces = spacesBefore(tokens);
  return tokens.map((tok, i) => (spaces[i] ? ' ' : '') + tok).join('');
}

/** Rebuilds source text from tokens using the recorded spacing. */
export function joinTokens(tokens: readonly Token[]): string {
  return tokens.map((t, i) => (i > 0 && t.spaceBefore ? ' ' : '') + t.text).join('');
}
