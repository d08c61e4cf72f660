// Runtime of a trained model: maps tokens to ids, builds translation options and decodes.
import { decode, LM_UNKNOWN, type Decoded, type DecoderConfig, type DecoderOption } from './decoder.ts';
import { glossBlocks } from './gloss-blocks.ts';
import { LanguageModel } from './language-model.ts';
import type { MtModelData } from './model-data.ts';
import { accentKey, detokenise, tokenise, type Token } from './normalise.ts';
import { PhraseIndex } from './phrase-table.ts';
import type { AlignmentLink, Direction } from './types.ts';
import { Vocabulary } from './vocabulary.ts';

export const DEFAULT_DECODER: Omit<DecoderConfig, 'lmWeight' | 'distortionWeight'> & {
  translationsPerPhrase: number;
} = {
  beamSize: 30,
  distortionLimit: 6,
  threshold: 5,
  nBest: 5,
  translationsPerPhrase: 10,
};

export interface ModelTranslation {
  text: string;
  alternatives: string[];
  targetTokens: string[];
  alignment: AlignmentLink[];
  confidence: number;
  knownWords: number;
  totalWords: number;
}

/** Renders an unknown source word (e.g. from the lexicon); undefined to pass it through. */
export type FallbackLookup = (word: string) => string | undefined;

// Segments end at these tokens; each is decoded on its own to keep decoding fast.
const SEGMENT_END = new Set(['.', '!', '?', ';']);

export class MtModel {
  readonly data: MtModelData;
  readonly vocab: { en: Vocabulary; lpx: Vocabulary };
  private readonly loose: { en: Map<string, number>; lpx: Map<string, number> };
  private readonly indexes = new Map<Direction, PhraseIndex>();
  private readonly lms = new Map<Direction, LanguageModel>();
  decoder = { ...DEFAULT_DECODER };

  constructor(data: MtModelData) {
    this.data = data;
    this.vocab = {
      en: new Vocabulary(data.vocab.en.words, data.vocab.en.surfaces),
      lpx: new Vocabulary(data.vocab.lpx.words, data.vocab.lpx.surfaces),
    };
    // Accent-insensitive fallback: the first (most frequent in training order) word with that key.
    this.loose = { en: new Map(), lpx: new Map() };
    for (const lang of ['en', 'lpx'] as const) {
      data.vocab[lang].words.forEach((w, id) => {
        const key = accentKey(w);
        if (!this.loose[lang].has(key)) this.loose[lang].set(key, id);
      });
    }
  }

  private index(direction: Direction): PhraseIndex {
    let index = this.indexes.get(direction);
    if (!index)
      this.indexes.set(
        direction,
        (index = new PhraseIndex(this.data.phrases, direction, this.decoder.translationsPerPhrase)),
      );
    return index;
  }

  private lm(direction: Direction): LanguageModel {
    let lm = this.lms.get(direction);
    if (!lm)
      this.lms.set(
        direction,
        (lm = new LanguageModel(direction === 'en_to_lpx' ? this.data.lm.lpx : this.data.lm.en)),
      );
    return lm;
  }

  /** Source word id of a token, by matching form, else accent-insensitively; -1 when unknown. */
  sourceId(token: Token, direction: Direction): number {
    const lang = direction === 'en_to_lpx' ? 'en' : 'lpx';
    return this.vocab[lang].id(token.norm) ?? this.loose[lang].get(token.key) ?? -1;
  }

  /** Word-for-word rendering from the alignment's best translations (the lexicon baseline). */
  wordForWord(text: string, direction: Direction): string {
    const best = direction === 'en_to_lpx' ? this.data.bestLpxForEn : this.data.bestEnForLpx;
    const target = direction === 'en_to_lpx' ? this.vocab.lpx : this.vocab.en;
    const out = tokenise(text).map((t) => {
      const id = this.sourceId(t, direction);
      const b = id >= 0 ? (best[id] ?? -1) : -1;
      return b >= 0 ? (target.surfaces[b] as string) : t.text;
    });
    return detokenise(out);
  }

  /** Translates tokenised input; null when the model knows none of its words. */
  translate(
    tokens: readonly Token[],
    direction: Direction,
    fallback?: FallbackLookup,
  ): ModelTranslation | null {
    const ids = tokens.map((t) => this.sourceId(t, direction));
    const totalWords = tokens.filter((t) => t.kind === 'word').length;
    const knownWords = tokens.filter((t, i) => t.kind === 'word' && (ids[i] as number) >= 0).length;
    if (knownWords === 0) return null;
    const segments: [number, number][] = [];
    let from = 0;
    tokens.forEach((t, i) => {
      if (SEGMENT_END.has(t.norm) && i + 1 < tokens.length) {
        segments.push([from, i + 1]);
        from = i + 1;
      }
    });
    if (from < tokens.length) segments.push([from, tokens.length]);
    const decoded = segments.map(([s, e]) =>
      this.decodeSegment(tokens.slice(s, e), ids.slice(s, e), direction, fallback),
    );
    const targetTokens: string[] = [];
    const alignment: AlignmentLink[] = [];
    let fwdSum = 0;
    decoded.forEach((candidates, k) => {
      const best = candidates[0] as Decoded;
      const offset = (segments[k] as [number, number])[0];
      for (const p of best.phrases) {
        const blocks = glossBlocks(p.end - p.start, p.targetEnd - p.targetStart, p.links ?? []);
        for (const b of blocks) {
          const s0 = p.start + b.source;
          const t0 = p.targetStart + b.target;
          alignment.push({
            sourceStart: offset + s0,
            sourceEnd: offset + p.start + b.sourceEnd,
            targetStart: targetTokens.length + t0,
            targetEnd: targetTokens.length + p.targetStart + b.targetEnd,
            sourceText: tokens
              .slice(offset + s0, offset + p.start + b.sourceEnd)
              .map((t) => t.text)
              .join(' '),
            targetText: best.text.slice(t0, p.targetStart + b.targetEnd).join(' '),
            unknown: p.unknown,
          });
        }
      }
      targetTokens.push(...best.text);
      fwdSum += best.score;
    });
    recase(tokens, targetTokens);
    const text = detokenise(targetTokens);
    const alternatives = alternativesOf(decoded, tokens, text);
    // Heuristic confidence: share of known words, scaled by the model score per source token.
    const perToken = fwdSum / Math.max(1, tokens.length);
    const confidence = Math.min(
      0.9,
      Math.max(0.05, (knownWords / Math.max(1, totalWords)) * (0.4 + 0.5 * Math.exp(perToken / 4))),
    );
    return { text, alternatives, targetTokens, alignment, confidence, knownWords, totalWords };
  }

  private decodeSegment(
    tokens: readonly Token[],
    ids: readonly number[],
    direction: Direction,
    fallback?: FallbackLookup,
  ): Decoded[] {
    const w = this.data.weights;
    const index = this.index(direction);
    const target = direction === 'en_to_lpx' ? this.vocab.lpx : this.vocab.en;
    const n = tokens.length;
    const options: DecoderOption[] = [];
    const hasSingle = new Uint8Array(n);
    for (let s = 0; s < n; s++) {
      for (let e = s + 1; e <= Math.min(n, s + index.maxLength); e++) {
        if ((ids[e - 1] as number) < 0) break;
        const found = index.lookup(ids.slice(s, e));
        if (!found) continue;
        if (e === s + 1) hasSingle[s] = 1;
        for (const o of found) {
          const tm =
            w.forward * o.scores[0] +
            w.backward * o.scores[1] +
            w.lexForward * o.scores[2] +
            w.lexBackward * o.scores[3];
          options.push({
            start: s,
            end: e,
            words: o.target,
            text: Array.from(o.target, (id) => target.surfaces[id] as string),
            tm: tm + w.phrasePenalty + w.wordPenalty * o.target.length,
            unknown: false,
            links: o.links,
          });
        }
      }
    }
    for (let s = 0; s < n; s++) {
      if (hasSingle[s]) continue;
      const tok = tokens[s] as Token;
      const rendering = tok.kind === 'word' ? fallback?.(tok.text) : undefined;
      const text = rendering !== undefined ? tokenise(rendering).map((t) => t.text) : [tok.text];
      const words = Int32Array.from(text, (t) => target.id(tokenise(t)[0]?.norm ?? t) ?? LM_UNKNOWN);
      // Punctuation passes through as itself; only words count as unknown.
      const unknown = rendering === undefined && tok.kind === 'word';
      options.push({
        start: s,
        end: s + 1,
        words,
        text,
        tm: (unknown ? -w.unknown : 0) + w.phrasePenalty + w.wordPenalty * text.length,
        unknown,
      });
    }
    const config: DecoderConfig = { ...this.decoder, lmWeight: w.lm, distortionWeight: w.distortion };
    return decode(n, options, this.lm(direction), config);
  }
}

/** Capitalises the output's first word when the input starts with a capital. */
function recase(source: readonly Token[], target: string[]): void {
  const first = source.find((t) => t.kind === 'word');
  const out = target[0];
  if (!first || out === undefined) return;
  const upper = first.text[0] !== undefined && first.text[0] !== first.text[0].toLowerCase();
  if (upper) target[0] = out.charAt(0).toUpperCase() + out.slice(1);
}

/** Distinct alternatives: one segment at a time takes its next-best candidate. */
function alternativesOf(decoded: readonly Decoded[][], tokens: readonly Token[], best: string): string[] {
  const variants: { text: string; loss: number }[] = [];
  decoded.forEach((candidates, k) => {
    for (const c of candidates.slice(1)) {
      const parts = decoded.map((cands, j) => (j === k ? c.text : (cands[0] as Decoded).text));
      const words = parts.flat();
      recase(tokens, words);
      variants.push({ text: detokenise(words), loss: (candidates[0] as Decoded).score - c.score });
    }
  });
  variants.sort((a, b) => a.loss - b.loss);
  const seen = new Set([best]);
  const out: string[] = [];
  for (const v of variants) {
    if (seen.has(v.text)) continue;
    seen.add(v.text);
    out.push(v.text);
    if (out.length >= 4) break;
  }
  return out;
}
