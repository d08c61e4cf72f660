// Which way to translate a message: mostly Latin letters means English (product-spec section 4).
import { DIRECTION_LATIN_THRESHOLD } from './constants.ts';

export type Direction = 'en_to_lpx' | 'lpx_to_en';

/** Basic Latin letters only: Lopit's own letters (ŋ, ɲ) and accented vowels count against English. */
const LATIN_LETTER = /[A-Za-z]/;

export function detectDirection(text: string): Direction {
  const characters = [...text].filter((character) => !/\s/.test(character));
  if (characters.length === 0) return 'en_to_lpx';
  const latin = characters.filter((character) => LATIN_LETTER.test(character)).length;
  return latin / characters.length > DIRECTION_LATIN_THRESHOLD ? 'en_to_lpx' : 'lpx_to_en';
}
