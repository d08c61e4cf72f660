// Top-level translation: translation memory, then the trained model, then the lexicon word by word.
import { Lexicon } from './lexicon.ts';
import type { MtModelData } from './model-data.ts';
import { MtModel } from './mt-model.ts';
import { detokenise, tokenise, type Token } from './normalise.ts';
import { parseModelFile, type ModelFile } from './serialise.ts';
import { FUZZY_MATCH_THRESHOLD, TranslationMemory, type MemoryMatch } from './translation-memory.ts';
import type { Direction, LexiconEntryInput, TranslationAnswer, TranslationPairInput } from './types.ts';

/** Everything the engine knows; build it once and reuse it for every request. */
export interface EngineState {
  memory: TranslationMemory | null;
  lexicon: Lexicon | null;
  model: MtModel | null;
}

export function createEngineState(input: {
  pairs?: readonly TranslationPairInput[];
  lexicon?: readonly LexiconEntryInput[];
  model?: MtModelData | MtModel | null;
}): EngineState {
  const model = input.model
    ? input.model instanceof MtModel
      ? input.model
      : new MtModel(input.model)
    : null;
  return {
    memory: input.pairs?.length ? new TranslationMemory(input.pairs) : null,
    lexicon: input.lexicon?.length ? new Lexicon(input.lexicon) : null,
    model,
  };
}

/**
 * The engine a downloaded model file describes: its model with the translation memory and lexicon it was
 * trained with. The browser uses it offline; the server builds the same state from the same file. Accepts
 * the file's bytes or (older JSON files) text, parsed and validated here (throws ModelFormatError), or an
 * already parsed file. `memory`: the approved pairs a phone keeps apart (a phone's file has none); when given
 * they answer instead of the file's.
 */
export function createEngineStateFromFile(
  file: ModelFile | Uint8Array | string,
  memory?: readonly TranslationPairInput[],
): EngineState {
  const parsed = typeof file === 'string' || file instanceof Uint8Array ? parseModelFile(file) : file;
  // The fullest model the file holds: the server's copy carries one the phone's copy leaves out.
  return createEngineState({
    pairs: memory ?? parsed.pairs,
    lexicon: parsed.lexicon,
    model: parsed.server ?? parsed.model,
  });
}

/** Lexicon-only answers are word by word, so their confidence is capped low. */
const LEXICON_CONFIDENCE = 0.3;

function distinct(texts: readonly string[], except: string): string[] {
  const seen = new Set([except]);
  return texts.filter((t) => !seen.has(t) && (seen.add(t), true));
}

function memoryAnswer(
  tokens: readonly Token[],
  matches: readonly MemoryMatch[],
  extra: readonly string[],
): TranslationAnswer {
  const best = matches[0] as MemoryMatch;
  const targetTokens = tokenise(best.target).map((t) => t.text);
  return {
    text: best.target,
    alternatives: distinct([...matches.slice(1).map((m) => m.target), ...extra], best.target),
    source: 'memory',
    confidence: best.similarity / 100,
    similarity: Math.round(best.similarity * 10) / 10,
    sourceTokens: tokens.map((t) => t.text),
    targetTokens,
    // A memory answer is aligned as a whole: the pair was approved as a whole.
    alignment: [
      {
        sourceStart: 0,
        sourceEnd: tokens.length,
        targetStart: 0,
        targetEnd: targetTokens.length,
        sourceText: best.source,
        targetText: best.target,
        unknown: false,
      },
    ],
  };
}

/**
 * Translates `text`: an exact memory match, else a fuzzy one (>= 70%), else the model, else the
 * lexicon word by word. Returns null when nothing is known about the text.
 */
export function translate(state: EngineState, text: string, direction: Direction): TranslationAnswer | null {
  const tokens = tokenise(text);
  if (!tokens.some((t) => t.kind === 'word')) return null;
  const lexicon = state.lexicon;
  const fallback = lexicon ? (word: string) => lexicon.translate(word, direction) : undefined;
  const matches = state.memory?.lookup(text, direction, FUZZY_MATCH_THRESHOLD, 4) ?? [];
  if (matches[0]?.exact) return memoryAnswer(tokens, matches, []);
  const modelResult = state.model?.translate(tokens, direction, fallback) ?? null;
  if (matches.length > 0) {
    // A close match from people outranks the model; the model's output stays on offer.
    return memoryAnswer(tokens, matches, modelResult ? [modelResult.text, ...modelResult.alternatives] : []);
  }
  if (modelResult) {
    return {
      text: modelResult.text,
      alternatives: modelResult.alternatives,
      source: 'model',
      confidence: modelResult.confidence,
      sourceTokens: tokens.map((t) => t.text),
      targetTokens: modelResult.targetTokens,
      alignment: modelResult.alignment,
    };
  }
  if (lexicon) {
    const gloss = lexicon.gloss(tokens, direction);
    if (gloss.knownWords > 0) {
      const textOut = detokenise(gloss.targetTokens);
      return {
        text: textOut,
        alternatives: [],
        source: 'lexicon',
        confidence: (LEXICON_CONFIDENCE * gloss.knownWords) / Math.max(1, gloss.totalWords),
        sourceTokens: tokens.map((t) => t.text),
        targetTokens: gloss.targetTokens,
        alignment: gloss.alignment,
      };
    }
  }
  return null;
}
