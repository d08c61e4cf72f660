// Labels of values that several screens show (issue 18): why a clip or a sentence was reported, what the
// quality check found in a clip, why a sentence is hard to read aloud, the translation categories. One place for
// each, so every screen says them alike; the records are keyed by the values of core's enums.
import type { PromptReadProblem, PromptReportReason } from '../../api/prompts.ts';
import type { ClipReportReason } from '../../api/review.ts';
import type { QualityProblemKind } from '../../audio/quality.ts';

import { defineMessages, type MessageDescriptor } from '../define.ts';
import { qualityAdvice, qualityLabels } from './recording.ts';
import { clipReportReasons } from './review.ts';
import { promptReportReasons } from './speak.ts';

export const contributionLabels = defineMessages('contribution-labels', {
  readEmpty: {
    message: 'no words to read',
    note: 'Why a prompt sentence is hard to read aloud (lower case)',
  },
  readTooLong: {
    message: 'too long to read aloud',
    note: 'Why a prompt sentence is hard to read aloud (lower case)',
  },
  readDigits: {
    message: 'has digits (write numbers as words)',
    note: 'Why a prompt sentence is hard to read aloud (lower case)',
  },
  readAbbreviation: {
    message: 'has an abbreviation',
    note: 'Why a prompt sentence is hard to read aloud (lower case)',
  },
  category: {
    message:
      '{category, select, greetings {greetings} family {family} numbers {numbers} food {food} time {time} other {{category}}}',
    note: 'The category of an English sentence or a translation pair (lower case)',
  },
});

const l = contributionLabels;

// Report reasons and quality problems are the groups of the screens where contributors meet them first (Listen,
// Speak, Recording), keyed by value; admins see the same words.
export const CLIP_REPORT_REASON_MESSAGES: Record<ClipReportReason, MessageDescriptor> = clipReportReasons;
export const PROMPT_REPORT_REASON_MESSAGES: Record<PromptReportReason, MessageDescriptor> =
  promptReportReasons;

export const PROMPT_READ_PROBLEM_MESSAGES: Record<PromptReadProblem, MessageDescriptor> = {
  empty: l.readEmpty,
  'too-long': l.readTooLong,
  digits: l.readDigits,
  abbreviation: l.readAbbreviation,
};

/** What the quality check found in a recording. */
export const QUALITY_LABEL_MESSAGES: Record<QualityProblemKind, MessageDescriptor> = qualityLabels;

/** The advice for each quality problem (tooShort takes `{ seconds: RECORDING_MIN_SECONDS }`). */
export const QUALITY_ADVICE_MESSAGES: Record<QualityProblemKind, MessageDescriptor> = qualityAdvice;
