// The phrase table shared by both directions: phrase pairs with translation probabilities and lexical weights.
import type { Direction } from './types.ts';

/** Longest phrase (in words) the table holds; intra-phrase alignments are 5 x 5 bit masks. */
export const MAX_PHRASE_LENGTH = 5;

/** Phrases of one language, each a run of word ids: words[offsets[k] .. offsets[k + 1]). */
export interface PhraseList {
  offsets: Int32Array;
  words: Int32Array;
}

/** Phrase pairs between English (`en`) and Lopit (`lpx`), with log scores. */
export interface PhraseTableData {
  en: PhraseList;
  lpx: PhraseList;
  pairEn: Int32Array;
  pairLpx: Int32Array;
  logPEnGivenLpx: Float32Array;
  logPLpxGivenEn: Float32Array;
  logLexEnGivenLpx: Float32Array;
  logLexLpxGivenEn: Float32Array;
  /** Bit (enOffset * 5 + lpxOffset) set when those words of the pair are linked. */
  alignMask: Int32Array;
}

/** A translation option as the decoder sees it, oriented source -> target. */
export interface PhraseOption {
  target: Int32Array;
  /** [log p(t|s), log p(s|t), log lex(t|s), log lex(s|t)] */
  scores: [number, number, number, number];
  /** Pairs [source offset, target offset] of linked words. */
  links: [number, number][];
}

export function phraseWords(list: PhraseList, k: number): Int32Array {
  return list.words.subarray(list.offsets[k], list.offsets[k + 1]);
}

export function phraseKey(words: ArrayLike<number>): string {
  return Array.prototype.join.call(words, ' ');
}

/** Lookup of translation options by source phrase for one direction, best first. */
export class PhraseIndex {
  private readonly options = new Map<string, PhraseOption[]>();
  /** Number of source words of the longest source phrase. */
  readonly maxLength: number;

  constructor(data: PhraseTableData, direction: Direction, limit = 20) {
    const enToLpx = direction === 'en_to_lpx';
    const srcList = enToLpx ? data.en : data.lpx;
    const tgtList = enToLpx ? data.lpx : data.en;
    const grouped = new Map<number, number[]>();
    const n = data.pairEn.length;
    for (let p = 0; p < n; p++) {
      const s = (enToLpx ? data.pairEn[p] : data.pairLpx[p]) as number;
      const list = grouped.get(s);
      if (list) list.push(p);
      else grouped.set(s, [p]);
    }
    let maxLength = 0;
    const fwd = enToLpx ? data.logPLpxGivenEn : data.logPEnGivenLpx;
    const bwd = enToLpx ? data.logPEnGivenLpx : data.logPLpxGivenEn;
    const lexFwd = enToLpx ? data.logLexLpxGivenEn : data.logLexEnGivenLpx;
    const lexBwd = enToLpx ? data.logLexEnGivenLpx : data.logLexLpxGivenEn;
    for (const [s, pairs] of grouped) {
      const score = (p: number) => (fwd[p] as number) + (lexFwd[p] as number) + 0.5 * (bwd[p] as number);
      pairs.sort((a, b) => score(b) - score(a));
      const src = phraseWords(srcList, s);
      maxLength = Math.max(maxLength, src.length);
      this.options.set(
        phraseKey(src),
        pairs.slice(0, limit).map((p) => {
          const t = (enToLpx ? data.pairLpx[p] : data.pairEn[p]) as number;
          const mask = data.alignMask[p] as number;
          const links: [number, number][] = [];
          for (let bit = 0; bit < 25; bit++) {
            if (!(mask & (1 << bit))) continue;
            const en = Math.floor(bit / MAX_PHRASE_LENGTH);
            const lpx = bit % MAX_PHRASE_LENGTH;
            links.push(enToLpx ? [en, lpx] : [lpx, en]);
          }
          return {
            target: phraseWords(tgtList, t),
            scores: [fwd[p] as number, bwd[p] as number, lexFwd[p] as number, lexBwd[p] as number],
            links,
          };
        }),
      );
    }
    this.maxLength = maxLength;
  }

  lookup(sourceWords: ArrayLike<number>): PhraseOption[] | undefined {
    return this.options.get(phraseKey(sourceWords));
  }
}
