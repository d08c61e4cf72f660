// Shared types of the translation engine: directions, inputs and the answer the UI shows.

export type Direction = 'en_to_lpx' | 'lpx_to_en';
export const DIRECTIONS: readonly Direction[] = ['en_to_lpx', 'lpx_to_en'];

/** An approved translation pair as stored (only the two texts matter to the engine). */
export interface TranslationPairInput {
  english: string;
  lopit: string;
}

/** A lexicon entry as stored. */
export interface LexiconEntryInput {
  lopit: string;
  english: string;
  partOfSpeech?: string | null;
}

export type AnswerSource = 'memory' | 'model' | 'lexicon';

/** One gloss link: source tokens [sourceStart, sourceEnd) became target tokens [targetStart, targetEnd). */
export interface AlignmentLink {
  sourceStart: number;
  sourceEnd: number;
  targetStart: number;
  targetEnd: number;
  sourceText: string;
  targetText: string;
  /** The source words were not known and passed through unchanged. */
  unknown: boolean;
}

export interface TranslationAnswer {
  text: string;
  /** Other candidate translations, best first, without `text` itself. */
  alternatives: string[];
  source: AnswerSource;
  /** 0..1; memory exact = 1, fuzzy = similarity, model and lexicon are heuristic. */
  confidence: number;
  /** For memory answers: the fuzzy-match similarity in percent. */
  similarity?: number;
  sourceTokens: string[];
  targetTokens: string[];
  alignment: AlignmentLink[];
}

/** The side of a pair that is the input for a direction, and the side that is the output. */
export function sides(direction: Direction): { from: 'english' | 'lopit'; to: 'english' | 'lopit' } {
  return direction === 'en_to_lpx' ? { from: 'english', to: 'lopit' } : { from: 'lopit', to: 'english' };
}
