// What an admin's PO import takes from a file, checked with the in-app editor's rule (core/i18n/icu.ts): each
// translated entry of a current message becomes the approved text, or a proposal for community review when the
// file marks it fuzzy; every other one is skipped with the reason. Reads and checks in slices, letting the
// event loop answer other requests between them (a whole catalogue's check takes a few hundred milliseconds).
import { setImmediate as nextTurn } from 'node:timers/promises';
import { ERROR_CODES } from '../../../core/api/errors.ts';
import { SOURCE_BY_ID } from '../../../core/i18n/catalogue.ts';
import { translationProblems, type TranslationProblem } from '../../../core/i18n/icu.ts';
import { problemsInEnglish } from '../../../core/i18n/problem-words.ts';
import { PoSyntaxError, readPoInSlices } from '../../../core/i18n/po.ts';
import { AppError } from '../../errors.ts';

/** Longest stretch of work between two turns of the event loop. */
const SLICE_MS = 10;

export interface ImportEntry {
  messageId: string;
  source: string;
  text: string;
}

export interface PoImportPlan {
  approve: ImportEntry[];
  /** Fuzzy entries: a translator's guess, reviewed by the community before it is served. */
  propose: ImportEntry[];
  /** With the problems a translation has (the in-app editor's, shown in the admin's language). */
  skipped: { id: string; reason: string; problems?: TranslationProblem[] }[];
}

/** A pause of the work whenever SLICE_MS have passed since the last one. */
function slicer() {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < SLICE_MS) return;
    await nextTurn();
    since = performance.now();
  };
}

/** Reads `po` and sorts its entries; a file that is not PO (or names a message twice) is a 400. */
export async function planPoImport(po: string): Promise<PoImportPlan> {
  const pause = slicer();
  let entries;
  try {
    entries = await readPoInSlices(po, nextTurn);
  } catch (error) {
    if (error instanceof PoSyntaxError)
      throw new AppError(
        400,
        `This is not a PO file we can read. ${error.message}`,
        ERROR_CODES.invalidImport,
      );
    throw error;
  }
  const plan: PoImportPlan = { approve: [], propose: [], skipped: [] };
  for (const entry of entries) {
    await pause();
    const text = entry.translation.trim();
    if (text === '') continue;
    const source = SOURCE_BY_ID.get(entry.id);
    if (!source) plan.skipped.push({ id: entry.id, reason: 'not a message of the app' });
    else if (source.message !== entry.source)
      plan.skipped.push({
        id: entry.id,
        reason: 'the English source has changed since the file was exported',
      });
    else {
      const problems = translationProblems(source.message, text);
      if (problems.length > 0)
        plan.skipped.push({ id: entry.id, reason: problemsInEnglish(problems), problems });
      else
        (entry.fuzzy ? plan.propose : plan.approve).push({
          messageId: entry.id,
          source: source.message,
          text,
        });
    }
  }
  return plan;
}
