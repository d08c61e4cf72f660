// Labels of values that several screens show (issue 18): why a clip or a sentence was reported, what the
// quality check found in a clip, why a sentence is hard to read aloud, the translation categories. One place for
// each, so every screen says them alike; the records are keyed by the values of core's enums.
import type { PromptReadProblem, PromptReportReason } from '../../api/prompts.ts';
import type { ClipReportReason } from '../../api/review.ts';
import type { QualityProblemKind } from '../../audio/quality.ts';

import { defineMessages, type MessageDescriptor } from '../define.ts';

export const contributionLabels = defineMessages('contribution-labels', {
  clipWrongText: { message: 'It does not say the text', note: 'A reason to report a recording' },
  clipNotLopit: { message: 'It is not in Lopit', note: 'A reason to report a recording' },
  clipNoise: { message: 'Too much noise', note: 'A reason to report a recording' },
  clipOffensive: { message: 'It is offensive', note: 'A reason to report a recording' },
  clipPersonal: {
    message: 'It gives away personal information',
    note: 'A reason to report a recording',
  },
  promptHardToRead: { message: 'It is hard to read', note: 'A reason to report a prompt sentence' },
  promptOffensive: { message: 'It is offensive', note: 'A reason to report a prompt sentence' },
  promptWrongLanguage: {
    message: 'It is not in the right language',
    note: 'A reason to report a prompt sentence',
  },
  promptSpelling: {
    message: 'It has a spelling or grammar mistake',
    note: 'A reason to report a prompt sentence',
  },
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
  qualityTooShort: { message: 'Too short', note: 'What the quality check found in a recording' },
  qualityTooLong: { message: 'Too long', note: 'What the quality check found in a recording' },
  qualitySilent: { message: 'Silent', note: 'What the quality check found in a recording' },
  qualityQuiet: { message: 'Too quiet', note: 'What the quality check found in a recording' },
  qualityClipped: {
    message: 'Distorted',
    note: 'What the quality check found in a recording (too loud, the sound is clipped)',
  },
  adviceTooShort: {
    message: 'Shorter than {seconds} s: start recording, then say the whole sentence before you stop.',
    note: 'Advice for a recording the quality check found too short; seconds is the shortest length',
  },
  adviceTooLong: {
    message: 'Longer than a recording may be: record long stories in parts.',
    note: 'Advice for a recording the quality check found too long',
  },
  adviceSilent: {
    message: 'Nothing was heard: check that the microphone is not covered and that the speaker is close.',
    note: 'Advice for a recording in which nothing was heard',
  },
  adviceQuiet: {
    message:
      'Hard to hear: hold the phone closer to the speaker (about a hand’s width) or find a quieter place.',
    note: 'Advice for a recording that is too quiet',
  },
  adviceClipped: {
    message: 'Too loud, so the sound is distorted: hold the phone a little further from the speaker.',
    note: 'Advice for a recording that is too loud',
  },
  category: {
    message:
      '{category, select, greetings {greetings} family {family} numbers {numbers} food {food} time {time} other {{category}}}',
    note: 'The category of an English sentence or a translation pair (lower case)',
  },
});

const l = contributionLabels;

export const CLIP_REPORT_REASON_MESSAGES: Record<ClipReportReason, MessageDescriptor> = {
  'wrong-text': l.clipWrongText,
  'not-lopit': l.clipNotLopit,
  noise: l.clipNoise,
  offensive: l.clipOffensive,
  'personal-information': l.clipPersonal,
};

export const PROMPT_REPORT_REASON_MESSAGES: Record<PromptReportReason, MessageDescriptor> = {
  'hard-to-read': l.promptHardToRead,
  offensive: l.promptOffensive,
  'wrong-language': l.promptWrongLanguage,
  spelling: l.promptSpelling,
};

export const PROMPT_READ_PROBLEM_MESSAGES: Record<PromptReadProblem, MessageDescriptor> = {
  empty: l.readEmpty,
  'too-long': l.readTooLong,
  digits: l.readDigits,
  abbreviation: l.readAbbreviation,
};

/** What the quality check found in a recording. */
export const QUALITY_LABEL_MESSAGES: Record<QualityProblemKind, MessageDescriptor> = {
  tooShort: l.qualityTooShort,
  tooLong: l.qualityTooLong,
  silent: l.qualitySilent,
  quiet: l.qualityQuiet,
  clipped: l.qualityClipped,
};

/** The advice for each quality problem (tooShort takes `{ seconds: RECORDING_MIN_SECONDS }`). */
export const QUALITY_ADVICE_MESSAGES: Record<QualityProblemKind, MessageDescriptor> = {
  tooShort: l.adviceTooShort,
  tooLong: l.adviceTooLong,
  silent: l.adviceSilent,
  quiet: l.adviceQuiet,
  clipped: l.adviceClipped,
};
