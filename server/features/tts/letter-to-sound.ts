// Lopit text to espeak-ng phoneme input ([[...]] per word) through the letter-to-sound table kept as data in
// content/tts. The table is an approximation, not a description of Lopit phonology (see its comment).
import crypto from 'node:crypto';
import { z } from 'zod';
import { foldCase, normaliseText, tokenise } from '../../../core/mt/normalise.ts';
import tableJson from '../../../content/tts/lopit-letter-to-sound.json' with { type: 'json' };

// Phoneme names may not hold what would end the [[ ]] notation or start SSML markup ([ ] < > &) or a space.
const PHONEMES = /^[^\s[\]<>&]*$/;

const letterToSoundSchema = z.object({
  comment: z.string().min(1),
  version: z.number().int().positive(),
  voice: z.object({
    espeak: z.string().min(1),
    rate: z.number().int().min(80).max(450),
    note: z.string().optional(),
  }),
  dropCombiningMarks: z.boolean(),
  pauses: z.array(z.string().length(1)),
  graphemes: z
    .array(
      z.object({
        letters: z.string().min(1),
        phonemes: z.string().regex(PHONEMES, 'phonemes may not contain spaces, brackets, <, > or &'),
        note: z.string().optional(),
      }),
    )
    .min(1),
});
export type LetterToSoundTable = z.infer<typeof letterToSoundSchema>;

export interface PhonemeInput {
  /** espeak-ng input: one [[...]] group per word, with sentence punctuation kept for pauses and intonation. */
  input: string;
  /** Words that gave at least one phoneme. */
  words: number;
}

export class LetterToSound {
  readonly voice: string;
  readonly rate: number;
  /** Changes whenever the table does; part of the speech cache key. */
  readonly version: string;
  private readonly graphemes: { letters: string; phonemes: string }[];
  private readonly pauses: Set<string>;
  private readonly dropMarks: boolean;

  constructor(table: LetterToSoundTable) {
    this.voice = table.voice.espeak;
    this.rate = table.voice.rate;
    this.version = crypto.createHash('sha256').update(JSON.stringify(table)).digest('hex').slice(0, 16);
    // Longest spelling first, so "ny" wins over "n" then "y"; letters are matched in their folded form.
    this.graphemes = table.graphemes
      .map((entry) => ({ letters: foldCase(normaliseText(entry.letters)), phonemes: entry.phonemes }))
      .sort((a, b) => [...b.letters].length - [...a.letters].length);
    this.pauses = new Set(table.pauses);
    this.dropMarks = table.dropCombiningMarks;
  }

  /** Every distinct phoneme string of the table (to check that the voice knows them). */
  phonemeNames(): string[] {
    return [...new Set(this.graphemes.flatMap((g) => g.phonemes.split('|')).filter(Boolean))];
  }

  /** The phonemes of one word, joined by `|` (espeak-ng's separator) so names never run together. */
  wordPhonemes(word: string): string {
    let letters = foldCase(normaliseText(word));
    if (this.dropMarks) letters = letters.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
    const out: string[] = [];
    let i = 0;
    while (i < letters.length) {
      const match = this.graphemes.find((g) => letters.startsWith(g.letters, i));
      if (match) {
        if (match.phonemes) out.push(match.phonemes);
        i += match.letters.length;
      } else {
        // A letter the table does not know (a digit, another script) is not read.
        i += String.fromCodePoint(letters.codePointAt(i) ?? 0).length;
      }
    }
    return out.join('|');
  }

  /** The whole text as espeak-ng input. */
  toEspeakInput(text: string): PhonemeInput {
    const parts: string[] = [];
    let words = 0;
    for (const token of tokenise(text)) {
      if (token.kind === 'word') {
        const phonemes = this.wordPhonemes(token.text);
        if (!phonemes) continue;
        parts.push(`${parts.length ? ' ' : ''}[[${phonemes}]]`);
        words += 1;
      } else if (this.pauses.has(token.text) && parts.length) {
        parts.push(token.text);
      }
    }
    return { input: parts.join(''), words };
  }
}

let loaded: LetterToSound | null = null;

/** The table in content/tts, validated once. */
export function lopitLetterToSound(): LetterToSound {
  loaded ??= new LetterToSound(letterToSoundSchema.parse(tableJson));
  return loaded;
}
