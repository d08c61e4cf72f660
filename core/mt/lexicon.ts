// Lexicon lookup with normalised and accent-insensitive matching, and word-by-word glossing.
import { sentenceAccentKey, sentenceKey, tokenise, type Token } from './normalise.ts';
import { sides, type AlignmentLink, type Direction, type LexiconEntryInput } from './types.ts';

/** Longest multi-word lexicon entry considered when glossing. */
const MAX_ENTRY_WORDS = 4;

export interface GlossResult {
  targetTokens: string[];
  alignment: AlignmentLink[];
  /** Source words covered by lexicon entries. */
  knownWords: number;
  totalWords: number;
}

interface SideIndex {
  exact: Map<string, number[]>;
  loose: Map<string, number[]>;
}

function push(map: Map<string, number[]>, key: string, i: number): void {
  if (key === '') return;
  const list = map.get(key);
  // Entries are indexed in order, so a repeat of `i` can only be the last one (O(1), not a scan of a
  // list that a common sense like "to go" makes long).
  if (list) {
    if (list[list.length - 1] !== i) list.push(i);
  } else map.set(key, [i]);
}

/** The first listed sense ("dog; hound" -> "dog"), used when a single rendering is needed. */
export function primarySense(text: string): string {
  return (text.split(/[;|]/)[0] ?? text).trim();
}

export class Lexicon {
  readonly entries: readonly LexiconEntryInput[];
  private readonly index: Record<'english' | 'lopit', SideIndex>;

  constructor(entries: readonly LexiconEntryInput[]) {
    this.entries = entries;
    this.index = {
      english: { exact: new Map(), loose: new Map() },
      lopit: { exact: new Map(), loose: new Map() },
    };
    entries.forEach((entry, i) => {
      for (const side of ['english', 'lopit'] as const) {
        // Every listed sense is a way in: "dog; hound" is found from "hound" too.
        for (const sense of entry[side].split(/[;|]/)) {
          // One tokenisation gives both keys (as sentenceKey and sentenceAccentKey would).
          const words = tokenise(sense).filter((t) => t.kind === 'word');
          push(this.index[side].exact, words.map((t) => t.norm).join(' '), i);
          push(this.index[side].loose, words.map((t) => t.key).join(' '), i);
        }
      }
    });
  }

  get size(): number {
    return this.entries.length;
  }

  /** Entries whose source side matches `text`: normalised matches first, else accent-insensitive ones. */
  lookup(text: string, direction: Direction): LexiconEntryInput[] {
    const side = this.index[sides(direction).from];
    const hits = side.exact.get(sentenceKey(text)) ?? side.loose.get(sentenceAccentKey(text)) ?? [];
    return hits.map((i) => this.entries[i] as LexiconEntryInput);
  }

  /** Best single rendering of a source word or phrase, or undefined. */
  translate(text: string, direction: Direction): string | undefined {
    const entry = this.lookup(text, direction)[0];
    return entry ? primarySense(entry[sides(direction).to]) : undefined;
  }

  /**
   * Word-by-word gloss: greedily the longest run of words (up to 4) with an entry; punctuation
   * is copied; unknown words pass through and are marked.
   */
  gloss(tokens: readonly Token[], direction: Direction): GlossResult {
    const targetTokens: string[] = [];
    const alignment: AlignmentLink[] = [];
    let knownWords = 0;
    let i = 0;
    while (i < tokens.length) {
      const tok = tokens[i] as Token;
      let matched = 0;
      let rendering: string | undefined;
      if (tok.kind === 'word') {
        for (let len = Math.min(MAX_ENTRY_WORDS, tokens.length - i); len >= 1; len--) {
          const span = tokens.slice(i, i + len);
          if (span.some((t) => t.kind !== 'word')) continue;
          rendering = this.translate(span.map((t) => t.text).join(' '), direction);
          if (rendering !== undefined) {
            matched = len;
            break;
          }
        }
      }
      const len = matched || 1;
      const out = rendering !== undefined ? tokenise(rendering).map((t) => t.text) : [tok.text];
      alignment.push({
        sourceStart: i,
        sourceEnd: i + len,
        targetStart: targetTokens.length,
        targetEnd: targetTokens.length + out.length,
        sourceText: tokens
          .slice(i, i + len)
          .map((t) => t.text)
          .join(' '),
        targetText: out.join(' '),
        unknown: tok.kind === 'word' && rendering === undefined,
      });
      targetTokens.push(...out);
      if (rendering !== undefined) knownWords += len;
      i += len;
    }
    const totalWords = tokens.filter((t) => t.kind === 'word').length;
    return { targetTokens, alignment, knownWords, totalWords };
  }
}
