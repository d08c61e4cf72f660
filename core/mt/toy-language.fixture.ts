// Test fixture: an obviously made-up language ("Blorpish") with reordering, for engine tests.
import { seededRandom } from './random.ts';
import type { TranslationPairInput } from './types.ts';

export const NOUNS: Record<string, string> = {
  dog: 'blorp',
  cat: 'mirv',
  bird: 'twee',
  man: 'gorn',
  woman: 'vesh',
  child: 'pim',
};
export const VERBS: Record<string, string> = { sees: 'zibba', eats: 'nomu', likes: 'kova', finds: 'drel' };
export const ADJECTIVES: Record<string, string> = { big: 'grak', small: 'tinu', red: 'ruz', old: 'oba' };

/** "the ADJ N1 VERB the N2" <-> "ka N1 ADJ VERB ka N2": adjectives follow their noun. */
export function toySentence(adj: string, n1: string, verb: string, n2: string): TranslationPairInput {
  return {
    english: `the ${adj} ${n1} ${verb} the ${n2}`,
    lopit: `ka ${NOUNS[n1]} ${ADJECTIVES[adj]} ${VERBS[verb]} ka ${NOUNS[n2]}`,
  };
}

/** `count` random toy pairs from a fixed seed, excluding the sentences in `except`. */
export function toyCorpus(
  count: number,
  seed = 7,
  except: readonly TranslationPairInput[] = [],
): TranslationPairInput[] {
  const rand = seededRandom(seed);
  const pick = (o: Record<string, string>) => {
    const keys = Object.keys(o);
    return keys[Math.floor(rand() * keys.length)] as string;
  };
  const skip = new Set(except.map((p) => p.english));
  const out: TranslationPairInput[] = [];
  while (out.length < count) {
    const pair = toySentence(pick(ADJECTIVES), pick(NOUNS), pick(VERBS), pick(NOUNS));
    if (!skip.has(pair.english)) out.push(pair);
  }
  return out;
}
