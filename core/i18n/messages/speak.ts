// /speak: one sentence at a time read aloud; the tabs beside it (and beside Translate); the sentence report.
import { defineMessages } from '../define.ts';

export const speak = defineMessages('speak', {
  title: { message: 'Speak', note: 'Speak page: heading' },
  intro: {
    message: 'Read each Lopit sentence aloud, listen back, and save it. The next one comes at once.',
    note: 'Speak page: introduction',
  },
  cannotRead: {
    message: 'Do you (or the person speaking) speak Lopit but not read it?',
    note: 'Speak page: question before the link to saying English sentences in Lopit',
  },
  sayInstead: {
    message: 'Say each English sentence in Lopit instead',
    note: 'Speak page: link to Translate, where an English sentence is shown and heard and answered aloud in Lopit',
  },
  position: {
    message: 'Sentence {position, number} of {count, number} left to read on this phone',
    note: 'Speak page: above the sentence to read; count is how many sentences this person has not recorded yet (one fewer after each recording), position moves on with each skip',
  },
  allRecorded: {
    message: 'You have recorded every sentence on this phone: they come round again, for another speaker',
    note: 'Speak page: above the sentence to read, once every sentence on the phone is recorded',
  },
  noSentence: { message: 'No sentence to read', note: 'Speak page: heading when there is no sentence' },
  offline: {
    message:
      'Offline: {count, plural, one {# sentence} other {# sentences}} on this phone; recordings and reports will be sent when you are back online.',
    note: 'Speak page: notice when offline',
  },
  hear: { message: '▶ Hear it', note: 'Speak page: button playing the sentence; keep the ▶ sign' },
  hearLabel: { message: 'Hear the sentence', note: 'Speak page: screen-reader name of the Hear it button' },
  reading: {
    message: 'Reading the sentences on this phone…',
    note: 'Speak page: while the sentences are read',
  },
  noLopit: {
    message:
      'No sentence on this phone has an approved Lopit text yet. Say the English sentences in Lopit instead, or translate some first.',
    note: 'Speak page: no sentence to read in Lopit',
  },
  empty: {
    message:
      'No sentences to read are on this phone. Open this page where there is a signal (or get the phone ready for the field in Settings) to bring sentences onto it.',
    note: 'Speak page: no sentence on the phone',
  },
  written: {
    message: 'A sentence written by a contributor',
    note: 'Speak page: under a sentence from the sentence collection (written in Lopit to be read aloud, not a translation)',
  },
  writtenFrom: {
    message: 'A sentence written by a contributor: {source}',
    note: 'Speak page: under a sentence from the sentence collection; source is where it comes from or what it is about, as its writer said (e.g. a song)',
  },
  record: { message: 'Record', note: 'Speak page: the large record button' },
  skip: { message: 'Skip', note: 'Speak page: button putting the sentence at the end' },
  skipped: { message: 'Skipped: it comes back after the others.', note: 'Speak page: after Skip' },
  report: { message: 'Report the sentence', note: 'Speak page: button opening the report dialog' },
  reported: { message: 'Reported. The sentence has left your list.', note: 'Speak page: after a report' },
});

/** The tabs between the one-at-a-time screens and the full pages beside them. */
export const modeTabs = defineMessages('mode-tabs', {
  recording: { message: 'Recording', note: 'Speak and Recording pages: screen-reader name of the tabs' },
  translation: { message: 'Translation', note: 'Translate pages: screen-reader name of the tabs' },
  speak: {
    message: 'One sentence at a time',
    note: 'Tab of the Speak page (recording one sentence at a time)',
  },
  tell: { message: 'Tell a story', note: 'Tab of the Tell page (a story or free speech, minutes long)' },
  repeat: {
    message: 'Repeat a clip slowly',
    note: 'Tab of the Repeat page (a clip played back, repeated slowly to help its transcription)',
  },
  sentences: {
    message: 'Write sentences',
    note: 'Tab of the Write sentences page (writing Lopit sentences for others to read, and checking them)',
  },
  recordingPage: {
    message: 'Record freely, your recordings',
    note: 'Tab of the Recording page (free recording and the list of recordings)',
  },
  translateOne: {
    message: 'One sentence at a time',
    note: 'Tab of the Translate page (translating one sentence at a time)',
  },
  translationTable: { message: 'All sentences (table)', note: 'Tab of the Translation Editor (a table)' },
});

/** “Report this sentence” on Speak and Translate. */
export const promptReport = defineMessages('prompt-report', {
  title: { message: 'Report this sentence', note: 'Speak and Translate: title of the report dialog' },
  intro: {
    message: 'The sentence leaves your list at once; the admins decide whether it stays for others.',
    note: 'Speak and Translate: report dialog introduction',
  },
});

/** Why a sentence is reported (PROMPT_REPORT_REASONS in core/api/prompts.ts): Speak, Translate, the admins. */
export const promptReportReasons = defineMessages('prompt-report-reason', {
  'hard-to-read': { message: 'It is hard to read', note: 'Why a sentence is reported (a reason to choose)' },
  offensive: { message: 'It is offensive', note: 'Why a sentence is reported (a reason to choose)' },
  'wrong-language': {
    message: 'It is not in the right language',
    note: 'Why a sentence is reported (a reason to choose)',
  },
  spelling: {
    message: 'It has a spelling or grammar mistake',
    note: 'Why a sentence is reported (a reason to choose)',
  },
});
