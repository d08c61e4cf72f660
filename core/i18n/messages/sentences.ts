// /sentences: contributors write new Lopit sentences for others to read aloud, and check each other's (issue 32).
import { defineMessages } from '../define.ts';

export const sentences = defineMessages('sentences', {
  title: { message: 'Write sentences', note: 'Heading of the screen where Lopit sentences are written' },
  intro: {
    message:
      'Write sentences in Lopit for others to read aloud, one at a time. A sentence is offered to read once {count, number} other contributors approve it.',
    note: 'Write sentences: introduction; count is how many approvals a sentence needs',
  },
  tabs: {
    message: 'Write sentences',
    note: 'Write sentences: name of the group of the two tabs, for screen readers',
  },
  tabWrite: { message: 'Write', note: 'Write sentences: tab where a new sentence is written' },
  tabCheck: { message: 'Check sentences', note: 'Write sentences: tab where others’ sentences are reviewed' },
  rules: {
    message:
      'One sentence, at most {words, number} words, easy to read aloud. Write numbers as words, words in full, and leave out signs such as # or /. Write only what you know to be good Lopit.',
    note: 'Write sentences: the rules under the field (Common Voice’s)',
  },
  textLabel: { message: 'Your sentence in Lopit', note: 'Write sentences: label of the sentence field' },
  sourceLabel: {
    message: 'Where it comes from or what it is about (optional)',
    note: 'Write sentences: label of the optional source field, e.g. “a song”, “at the market”',
  },
  save: { message: 'Save sentence', note: 'Write sentences: button saving the sentence' },
  saved: {
    message: 'Saved on this phone. It is sent when there is a connection, then others check it.',
    note: 'Write sentences: after saving a sentence',
  },
  position: {
    message: 'Sentence {position, number} of {count, number}',
    note: 'Check sentences: the sentence on screen, among those on the phone',
  },
  question: {
    message: 'Is this a good Lopit sentence to read aloud?',
    note: 'Check sentences: the question asked about each sentence',
  },
  byAuthor: {
    message: 'Written by {name} · {votes}',
    note: 'Check sentences: who wrote it and the votes so far',
  },
  votes: {
    message: '{approvals, number} approved, {rejections, number} rejected',
    note: 'Check sentences: the reviews a sentence has',
  },
  source: {
    message: 'Source: {source}',
    note: 'Check sentences: where the writer says the sentence comes from',
  },
  approve: { message: 'Yes, approve', note: 'Check sentences: approve button' },
  reject: { message: 'No, reject', note: 'Check sentences: reject button (a reason is asked next)' },
  skip: { message: 'Skip', note: 'Check sentences: skip button' },
  rejectReason: {
    message: 'What is wrong with it?',
    note: 'Check sentences: label of the reason field when rejecting',
  },
  sayWhy: {
    message: 'Say why this sentence is wrong',
    note: 'Check sentences: error when the reason is empty',
  },
  sendRejection: { message: 'Send rejection', note: 'Check sentences: button sending a rejection' },
  cancel: { message: 'Cancel', note: 'Check sentences: button closing the rejection form' },
  approved: {
    message: 'Approval saved on this phone; it is sent when there is a connection.',
    note: 'Check sentences: after approving',
  },
  rejected: {
    message: 'Rejection saved on this phone; it is sent when there is a connection.',
    note: 'Check sentences: after rejecting',
  },
  skipped: { message: 'Skipped.', note: 'Check sentences: after skipping a sentence' },
  empty: {
    message: 'No sentences are waiting for you to check. Look again later.',
    note: 'Check sentences: nothing to review',
  },
  unreachable: {
    message: 'The sentences to check cannot be brought now. They come when there is a connection.',
    note: 'Check sentences: offline with nothing kept on the phone',
  },
  bringing: { message: 'Bringing sentences to check…', note: 'Check sentences: while loading' },
  lookAgain: { message: 'Look again', note: 'Check sentences: button fetching the sentences again' },
  offlineHeld: {
    message:
      '{count, plural, one {# sentence is} other {# sentences are}} kept on this phone to check without a connection.',
    note: 'Check sentences: offline notice',
  },
  mine: { message: 'Your sentences', note: 'Write sentences: heading of the list of one’s own sentences' },
  state: {
    message: '{state, select, approved {Approved} rejected {Rejected} other {Waiting for review}}',
    note: 'Write sentences: the state of one’s own sentence (shown in words, not colour only)',
  },
  waiting: { message: 'Not sent yet', note: 'Write sentences: a sentence still in the outbox' },
});
