// /review and /listen: checking proposed translations and imported words, listening to clips; the parts they
// share (tabs, the reviewer's counts, the offline notice, the empty state, the report dialog); the reasons of a
// clip report.
import { defineMessages } from '../define.ts';

/** Parts of the review screens that other screens show too (counts line, empty state, reason dialog). */
export const reviewShared = defineMessages('review-shared', {
  tabs: { message: 'Review', note: 'Listen and Check translations: screen-reader name of the tabs' },
  tabListen: { message: 'Listen to clips', note: 'Review tabs: the Listen screen' },
  tabReview: { message: 'Check translations', note: 'Review tabs: the Check translations screen' },
  counts: {
    message:
      'Your {noun, select, recordings {recordings} reviews {reviews} votes {votes} transcripts {transcripts} translations {translations} other {{noun}}}: {today} today, {total} in all',
    note: 'Counts line of Speak, Listen, Check translations, Transcribe and Translate: what this person did today and in all; today and total are numbers shown in bold',
  },
  countsWaiting: {
    message:
      '({count, plural, one {# waiting on this phone to be sent} other {# waiting on this phone to be sent}})',
    note: 'Counts line: how many of them are still on the phone',
  },
  countsLocal: {
    message: '(counted on this phone; the server adds its count online)',
    note: 'Counts line: offline, the server’s count is not known',
  },
  lookingForMore: {
    message: 'Looking for more on the server…',
    note: 'Review screens: empty, while asking the server',
  },
  nothing: { message: 'Nothing to review right now', note: 'Review screens: heading of the empty state' },
  serverFailed: {
    message: 'The server did not give more: {reason}',
    note: 'Review screens: empty state error; reason is the server’s words',
  },
  lookAgain: { message: 'Look again', note: 'Review screens: empty state button asking the server again' },
  // The reason dialog (Listen's report, Speak's and Translate's sentence report)
  why: { message: 'Why?', note: 'Report dialog: legend of the reasons' },
  note: { message: 'Note for the admins (optional)', note: 'Report dialog: label' },
  chooseReason: {
    message: 'Choose why you report it',
    note: 'Report dialog: error when no reason is chosen',
  },
  noteTooLong: {
    message: 'A note can be at most {max} characters',
    note: 'Report dialog: error when the note is too long',
  },
  sendReport: { message: 'Send report', note: 'Report dialog: button' },
  cancel: { message: 'Cancel', note: 'Report dialog: button closing it' },
});

/** Why a listener reports a clip (CLIP_REPORT_REASONS in core/api/review.ts): Listen and the admins' queue. */
export const clipReportReasons = defineMessages('clip-report-reason', {
  'wrong-text': { message: 'It does not say the text', note: 'Why a clip is reported (a reason to choose)' },
  'not-lopit': { message: 'It is not in Lopit', note: 'Why a clip is reported (a reason to choose)' },
  noise: { message: 'Too much noise', note: 'Why a clip is reported (a reason to choose)' },
  offensive: { message: 'It is offensive', note: 'Why a clip is reported (a reason to choose)' },
  'personal-information': {
    message: 'It gives away personal information',
    note: 'Why a clip is reported (a reason to choose)',
  },
});

export const listen = defineMessages('listen', {
  title: { message: 'Listen', note: 'Listen page: heading' },
  intro: {
    message:
      'Listen to clips other people recorded and say whether each one says its text. A clip counts for the speech model once two people say yes.',
    note: 'Listen page: introduction',
  },
  offline: {
    message:
      'Offline: {count, plural, one {# clip} other {# clips}} on this phone, votes will be sent when you are back online.',
    note: 'Listen page: notice when offline',
  },
  position: { message: 'Clip 1 of {count} on this phone', note: 'Listen page: above the clip' },
  reading: {
    message: 'Reading the clips on this phone…',
    note: 'Listen page: while the phone’s clips are read',
  },
  emptyOffline: {
    message:
      'This phone holds no clips to listen to, and it is offline. Open this page where there is a signal (or get the phone ready for the field in Settings) to bring clips onto it.',
    note: 'Listen page: empty state offline',
  },
  emptyOnline: {
    message:
      'You have listened to every clip waiting for review, or the ones waiting are your own. New clips arrive as people record.',
    note: 'Listen page: empty state online',
  },
  showSkipped: {
    message: 'Listen to the {count} you skipped',
    note: 'Listen page: empty state button bringing back the skipped clips',
  },
  question: {
    message: 'Does this clip say:',
    note: 'Listen page: heading of a clip, followed by the text it should say',
  },
  flagged: {
    message: 'The server flagged this clip: {flags}. Listen carefully; you still decide.',
    note: 'Listen page: flags is a list of problems (“too quiet, too short”)',
  },
  play: { message: 'Play', note: 'Listen page: button' },
  pause: { message: 'Pause', note: 'Listen page: button' },
  replay: { message: 'Replay', note: 'Listen page: button after the clip has played' },
  played: { message: 'Played', note: 'Listen page: screen-reader name of the progress bar' },
  playedValue: {
    message: '{played} of {duration}',
    note: 'Listen page: what a screen reader says of the progress bar (minutes:seconds)',
  },
  cannotPlay: {
    message: 'This phone cannot play this clip. Answer No if it is broken, or Skip it.',
    note: 'Listen page: error',
  },
  yes: { message: 'Yes', note: 'Listen page: answer, the clip says its text' },
  no: { message: 'No', note: 'Listen page: answer, the clip does not say its text' },
  skip: { message: 'Skip', note: 'Listen page: button' },
  report: { message: 'Report', note: 'Listen page: button opening the report dialog' },
  answerHint: {
    message: 'Listen to the whole clip before you answer Yes or No.',
    note: 'Listen page: why Yes and No do nothing until the clip has played to its end',
  },
  keys: {
    message: 'Keys: P play, Y yes, N no, S skip.',
    note: 'Listen page: keyboard shortcuts; the keys stay P, Y, N and S in every language',
  },
  reportTitle: { message: 'Report this clip', note: 'Listen page: title of the report dialog' },
  reportIntro: {
    message: 'Reported clips go to the admins, who decide whether they stay.',
    note: 'Listen page: report dialog introduction',
  },
});

export const review = defineMessages('review', {
  title: { message: 'Check translations', note: 'Check translations page: heading' },
  intro: {
    message:
      'Read translations other people proposed and say whether each is right. A translation is used once two people approve it.',
    note: 'Check translations page: introduction',
  },
  offline: {
    message:
      'Offline: {count, plural, one {# translation} other {# translations}} on this phone, reviews will be sent when you are back online.',
    note: 'Check translations page: notice when offline',
  },
  translationPosition: {
    message: 'Translation 1 of {count} on this phone',
    note: 'Check translations page: above a proposed translation',
  },
  wordPosition: {
    message: 'Word 1 of {count} on this phone',
    note: 'Check translations page: above a word of the lexicon',
  },
  reading: {
    message: 'Reading the translations on this phone…',
    note: 'Check translations page: while the phone’s translations are read',
  },
  emptyOffline: {
    message:
      'This phone holds no translations to check, and it is offline. Open this page where there is a signal to bring some onto it.',
    note: 'Check translations page: empty state offline',
  },
  emptyOnline: {
    message:
      'You have checked every translation waiting for review, or the ones waiting are your own. New ones arrive as people translate.',
    note: 'Check translations page: empty state online',
  },
  showSkipped: {
    message: 'Show the {count} you skipped',
    note: 'Check translations page: empty state button bringing back the skipped items',
  },
  votes: {
    message:
      '{approvals, plural, one {# approval} other {# approvals}}, {rejections, plural, one {# rejection} other {# rejections}}',
    note: 'Check translations page: the votes a translation or word has',
  },
  byVotes: {
    message: 'by {name}, {votes}',
    note: 'Check translations page: who proposed a translation, then its votes',
  },
  yoursVotes: {
    message: 'yours, {votes}',
    note: 'Check translations page: a translation the reviewer proposed, then its votes',
  },
  proposalQuestion: { message: 'Is this a good translation?', note: 'Check translations page: card heading' },
  english: { message: 'English', note: 'Check translations page: label of the English sentence' },
  proposed: { message: 'Proposed Lopit', note: 'Check translations page: label of the proposed translation' },
  approved: {
    message: 'Approved translation',
    note: 'Check translations page: label of the translation already approved',
  },
  noApproved: {
    message: 'No approved translation yet',
    note: 'Check translations page: no approved translation',
  },
  others: {
    message: 'Also proposed for this sentence',
    note: 'Check translations page: heading of the other proposals for the same sentence',
  },
  compare: {
    message: 'Compare them; approve the one that is right.',
    note: 'Check translations page: under the heading of the other proposals',
  },
  wordQuestion: {
    message: 'Is this the right meaning of the word?',
    note: 'Check translations page: card heading of a word of the lexicon',
  },
  lopit: { message: 'Lopit', note: 'Check translations page: label of the Lopit word' },
  englishMeaning: {
    message: 'English meaning',
    note: 'Check translations page: label of the word’s meaning',
  },
  wordSource: {
    message: 'From a word list an admin brought in; {votes}. Approve it if the meaning is right.',
    note: 'Check translations page: under a word of the lexicon; votes is “1 approval, 0 rejections”',
  },
  reasonRequired: {
    message: 'Say why this translation is wrong',
    note: 'Check translations page: error when a rejection has no reason',
  },
  reasonTooLong: {
    message: 'A reason can be at most {max} characters',
    note: 'Check translations page: error when the reason is too long',
  },
  whyWrong: { message: 'Why is it wrong?', note: 'Check translations page: label of the rejection’s reason' },
  sendRejection: { message: 'Send rejection', note: 'Check translations page: button' },
  cancel: { message: 'Cancel', note: 'Check translations page: button closing the rejection form' },
  approve: { message: 'Approve', note: 'Check translations page: answer' },
  reject: { message: 'Reject', note: 'Check translations page: answer' },
  skip: { message: 'Skip', note: 'Check translations page: answer' },
  keys: {
    message: 'Keys: A approve, R reject, S skip.',
    note: 'Check translations page: keyboard shortcuts; the keys stay A, R and S in every language',
  },
});
