// Labels of values that several screens show (issue 18): why a sentence is hard to read aloud, the translation
// categories. One place for each, so every screen says them alike; the record is keyed by the values of core's
// enum. Why a clip or a sentence was reported and what the quality check found in a clip are the groups of the
// screens where contributors meet them first (review.ts clipReportReasons, speak.ts promptReportReasons,
// recording.ts qualityLabels and qualityAdvice), keyed by value; admins' screens import them from there.
import type { PromptReadProblem } from '../../api/prompts.ts';

import { defineMessages, type MessageDescriptor } from '../define.ts';

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

export const PROMPT_READ_PROBLEM_MESSAGES: Record<PromptReadProblem, MessageDescriptor> = {
  empty: l.readEmpty,
  'too-long': l.readTooLong,
  digits: l.readDigits,
  abbreviation: l.readAbbreviation,
};
