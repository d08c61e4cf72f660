// The admin page's review queues (/admin#review): clips, proposed translations and prompt sentences, with the
// filters, the pager and the forms of an admin's decision.
import type { ClipReviewState, ProposalLifecycleState } from '../../review/rules.ts';
import { defineMessages, type MessageDescriptor } from '../define.ts';

export const adminReview = defineMessages('admin-review', {
  previousPage: { message: 'Previous page', note: 'Admin review queues: pager button' },
  nextPage: { message: 'Next page', note: 'Admin review queues: pager button' },
  pageOf: { message: 'Page {page} of {pages}', note: 'Admin review queues: pager' },
  stateColumn: { message: 'State', note: 'Admin review queues: column of the review state' },
  decided: {
    message: 'Decided: {reason}',
    note: 'Admin review queues: the reason an admin gave for a decision (the reason is as typed)',
  },
  saving: { message: 'Saving...', note: 'Admin review queues: a button while saving a decision' },
  cancel: { message: 'Cancel', note: 'Admin review queues: closes a decision form' },
  none: {
    message: 'none',
    note: 'Admin review queues: an empty cell (no flags, no reports, nothing approved)',
  },

  clipsTitle: { message: 'Clips in review', note: 'Admin, clips: heading' },
  clipsIntro: {
    message:
      'A clip counts as validated after two votes by other people with more up than down. Reported clips wait for you here. Your decision overrides the votes and its reason is kept.',
    note: 'Admin, clips: introduction',
  },
  filterState: { message: 'State', note: 'Admin review queues: label of the state filter' },
  anyState: { message: 'all', note: 'Admin review queues: the state filter’s choice of every state' },
  filterFlag: { message: 'Quality flag', note: 'Admin, clips: label of the quality flag filter' },
  anyFlag: { message: 'any', note: 'Admin, clips: the flag filter’s choice of every clip' },
  clipStateName: {
    message:
      '{state, select, pending {pending} validated {validated} invalidated {invalidated} reported {reported} other {{state}}}',
    note: 'Admin, clips: a review state in the state filter (lower case)',
  },
  clipsTotal: {
    message: '{count, plural, one {# clip} other {# clips}}',
    note: 'Admin, clips: how many clips the filter finds',
  },
  clipsPages: { message: 'Pages of clips', note: 'Admin, clips: screen-reader name of the pager' },
  clipsLoading: { message: 'Loading clips...', note: 'Admin, clips: while the list loads' },
  clipsEmpty: { message: 'No clips here.', note: 'Admin, clips: the filter finds none' },
  columnClip: { message: 'Clip', note: 'Admin, clips: column' },
  columnFlags: { message: 'Flags', note: 'Admin, clips: column of the quality flags' },
  columnVotes: { message: 'Votes', note: 'Admin, clips: column' },
  columnReports: { message: 'Reports', note: 'Admin review queues: column of the reports' },
  columnActions: { message: 'Actions', note: 'Admin review queues: column of the buttons' },
  noText: { message: '(no text)', note: 'Admin, clips: a clip without a transcript' },
  clipDetails: {
    message: '{owner} · {seconds} s · {date}',
    note: 'Admin, clips: who recorded a clip, its length in seconds and its date',
  },
  flag: {
    message: '⚠ {label}',
    note: 'Admin review queues: a warning badge (a quality flag or reading problem)',
  },
  votes: { message: '{up} up, {down} down', note: 'Admin, clips: votes for and against a clip' },
  report: { message: '⚑ {reason}', note: 'Admin, clips: a report of a clip with its reason' },
  clipReportCount: {
    message:
      '{count, plural, one {# open report} other {# open reports}}; {hold} take a clip out of the community’s queue',
    note: 'Admin, clips: how many people reported a clip, and how many reports send a clip to the admins alone',
  },
  reportNote: {
    message: ': “{note}”',
    note: 'Admin, clips: after a report’s reason, what the reporter wrote',
  },
  clipStatePending: { message: '◔ Pending', note: 'Admin, clips: review state' },
  clipStateValidated: { message: '✓ Validated', note: 'Admin, clips: review state' },
  clipStateInvalidated: { message: '✗ Invalidated', note: 'Admin, clips: review state' },
  clipStateReported: { message: '⚑ Reported', note: 'Admin, clips: review state' },
  clipSettled: {
    message:
      '“{text}” is now {state, select, validated {validated} other {invalidated}}. Reason kept: {reason}',
    note: 'Admin, clips: after a decision; text is the clip’s transcript, reason as the admin typed it',
  },
  decide: { message: 'Decide', note: 'Admin, clips: button that opens the decision form' },
  clipAudio: { message: 'Clip “{text}”', note: 'Admin, clips: screen-reader name of the audio player' },
  playClip: { message: 'Play “{text}”', note: 'Admin, clips: screen-reader name of the play button' },
  playUntitled: {
    message: 'Play the clip',
    note: 'Admin, clips: screen-reader name of the play button of a clip without text',
  },
  play: { message: '▶ Play', note: 'Admin, clips: button' },
  loading: { message: 'Loading...', note: 'Admin, clips: the play button while the audio loads' },
  reason: { message: 'Reason', note: 'Admin, clips: label of the reason of a decision' },
  saveDecision: { message: 'Save decision', note: 'Admin, clips: button' },
  decision: { message: 'Decision', note: 'Admin, clips: legend of the choice validated or invalidated' },
  validatedChoice: { message: 'Validated: models may learn from it', note: 'Admin, clips: decision choice' },
  invalidatedChoice: { message: 'Invalidated: left out', note: 'Admin, clips: decision choice' },

  proposalsTitle: { message: 'Proposed translations', note: 'Admin, proposals: heading' },
  proposalsIntro: {
    message:
      'A proposal is approved by two contributors other than its author, or by you. Choose proposals to approve or reject them together; your reason is kept with each.',
    note: 'Admin, proposals: introduction',
  },
  proposalStateName: {
    message: '{state, select, proposed {proposed} approved {approved} rejected {rejected} other {{state}}}',
    note: 'Admin, proposals: a state in the state filter (lower case)',
  },
  filterCategory: { message: 'Category', note: 'Admin, proposals: label of the category filter' },
  filterAuthor: { message: 'Author', note: 'Admin, proposals: label of the author filter' },
  anyAuthor: { message: 'anyone', note: 'Admin, proposals: the author filter’s choice of every author' },
  proposalsTotal: {
    message: '{count, plural, one {# proposal} other {# proposals}}',
    note: 'Admin, proposals: how many proposals the filter finds',
  },
  proposalsDecided: {
    message:
      '{count, plural, one {# proposal} other {# proposals}} {verdict, select, approve {approved} other {rejected}}.',
    note: 'Admin, proposals: after a decision on the chosen proposals',
  },
  proposalsPages: {
    message: 'Pages of proposals',
    note: 'Admin, proposals: screen-reader name of the pager',
  },
  proposalsLoading: { message: 'Loading proposals...', note: 'Admin, proposals: while the list loads' },
  proposalsEmpty: { message: 'No proposals here.', note: 'Admin, proposals: the filter finds none' },
  all: { message: 'All', note: 'Admin, proposals: checkbox that chooses every open proposal shown' },
  columnChoose: { message: 'Choose', note: 'Admin, proposals: column of the checkboxes' },
  columnEnglish: { message: 'English', note: 'Admin, proposals: column of the English text' },
  columnProposal: { message: 'Proposal', note: 'Admin, proposals: column of the proposed translation' },
  columnApprovedNow: {
    message: 'Approved now',
    note: 'Admin, proposals: column of the translation approved today',
  },
  columnReviews: { message: 'Reviews', note: 'Admin, proposals: column' },
  chooseProposal: {
    message: 'Choose “{text}” for “{english}”',
    note: 'Admin, proposals: screen-reader name of a proposal’s checkbox',
  },
  by: { message: 'by {author}', note: 'Admin, proposals: who proposed a translation' },
  formerMember: {
    message: 'a former member',
    note: 'Admin, proposals: in place of an author whose account is gone',
  },
  alsoProposed: { message: 'Also proposed:', note: 'Admin, proposals: before the other proposals of a pair' },
  otherBy: {
    message: '{text} by {author}',
    note: 'Admin, proposals: another proposal (text, in quotes) and its author',
  },
  progress: {
    message: '{approvals} of {needed} approvals',
    note: 'Admin, proposals: how far a proposal is in its review',
  },
  progressRejected: {
    message:
      '{approvals} of {needed} approvals, {rejections, plural, one {# rejection} other {# rejections}}',
    note: 'Admin, proposals: how far a proposal is in its review, with the rejections',
  },
  rejectionReasons: {
    message: 'Reasons given for rejecting',
    note: 'Admin, proposals: screen-reader name of the reviewers’ reasons',
  },
  proposalWaiting: { message: '◔ Waiting for review', note: 'Admin, proposals: state' },
  proposalApproved: { message: '✓ Approved', note: 'Admin, proposals: state' },
  proposalRejected: { message: '✗ Rejected', note: 'Admin, proposals: state' },
  proposalSuperseded: {
    message: '↷ Superseded',
    note: 'Admin, proposals: state (another proposal was approved instead)',
  },
  proposalWithdrawn: { message: '↶ Withdrawn', note: 'Admin, proposals: state (its author took it back)' },
  decideChosen: {
    message: 'Decide the chosen proposals',
    note: 'Admin, proposals: screen-reader name of the decision form',
  },
  chosenCount: {
    message: '{count, plural, one {# proposal chosen} other {# proposals chosen}}',
    note: 'Admin, proposals: how many proposals are chosen',
  },
  decisionReason: { message: 'Reason for your decision', note: 'Admin, proposals: label' },
  approving: { message: 'Approving...', note: 'Admin, proposals: the button while approving' },
  approveChosen: { message: 'Approve chosen', note: 'Admin, proposals: button' },
  rejecting: { message: 'Rejecting...', note: 'Admin, proposals: the button while rejecting' },
  rejectChosen: { message: 'Reject chosen', note: 'Admin, proposals: button' },

  promptsTitle: { message: 'Prompt sentences', note: 'Admin, prompt sentences: heading' },
  promptsIntro: {
    message:
      "The sentences contributors read aloud and translate. Reported ones come first; a retired sentence leaves every phone's packs at their next update, and its reports are closed. Your reason is kept.",
    note: 'Admin, prompt sentences: introduction',
  },
  show: { message: 'Show', note: 'Admin, prompt sentences: label of the filter' },
  allSentences: { message: 'all sentences', note: 'Admin, prompt sentences: filter choice' },
  reportedOnes: { message: 'reported ones', note: 'Admin, prompt sentences: filter choice' },
  sentencesTotal: {
    message: '{count, plural, one {# sentence} other {# sentences}}',
    note: 'Admin, prompt sentences: how many sentences the filter finds',
  },
  sentencesPages: {
    message: 'Pages of sentences',
    note: 'Admin, prompt sentences: screen-reader name of the pager',
  },
  sentencesLoading: {
    message: 'Loading sentences...',
    note: 'Admin, prompt sentences: while the list loads',
  },
  sentencesEmpty: { message: 'No sentences here.', note: 'Admin, prompt sentences: the filter finds none' },
  columnSentence: { message: 'Sentence', note: 'Admin, prompt sentences: column' },
  columnUse: { message: 'Use', note: 'Admin, prompt sentences: column of how much it was recorded' },
  recordings: {
    message: '{count, plural, one {# recording} other {# recordings}}',
    note: 'Admin, prompt sentences: how many recordings a sentence has',
  },
  translated: { message: '✓ translated', note: 'Admin, prompt sentences: the sentence has a translation' },
  notTranslated: { message: 'not translated yet', note: 'Admin, prompt sentences: no translation yet' },
  teachingRank: {
    message: 'Teaching rank {rank} of {of}: {reason}',
    note: 'Admin, prompt sentences: how useful the sentence is for training, and why ({reason} is one of the four teaching messages below)',
  },
  teachingNothing: {
    message: 'Brings nothing the translated sentences do not already hold.',
    note: 'Admin, prompt sentences: the reason of a sentence whose translation would teach the model nothing new',
  },
  teachingWords: {
    message:
      'Teaches {words, plural, one {# new word} other {# new words}} ({examples}), found {recurrence, plural, one {# time} other {# times}} in the sentences still waiting.',
    note: 'Admin, prompt sentences: why a sentence ranks high; {examples} lists some of the new words (English)',
  },
  teachingSequences: {
    message:
      'Teaches {sequences, plural, one {# new word sequence} other {# new word sequences}}, found {recurrence, plural, one {# time} other {# times}} in the sentences still waiting.',
    note: 'Admin, prompt sentences: why a sentence ranks high (known words in new combinations)',
  },
  teachingWordsAndSequences: {
    message:
      'Teaches {words, plural, one {# new word} other {# new words}} ({examples}) and {sequences, plural, one {# new word sequence} other {# new word sequences}}, found {recurrence, plural, one {# time} other {# times}} in the sentences still waiting.',
    note: 'Admin, prompt sentences: why a sentence ranks high; {examples} lists some of the new words (English)',
  },
  reportCount: {
    message: '⚑ {reason}: {count}',
    note: 'Admin, prompt sentences: a report reason and how many reported it',
  },
  retired: { message: '✗ Retired', note: 'Admin, prompt sentences: state' },
  inUse: { message: '✓ In use', note: 'Admin, prompt sentences: state' },
  restore: { message: 'Restore', note: 'Admin, prompt sentences: button' },
  retire: { message: 'Retire', note: 'Admin, prompt sentences: button that opens the form' },
  restored: {
    message: '“{english}” is back in the packs.',
    note: 'Admin, prompt sentences: after restoring a sentence',
  },
  retiredNotice: {
    message: '“{english}” is retired. Reason kept: {reason}',
    note: 'Admin, prompt sentences: after retiring a sentence',
  },
  whyRetire: { message: 'Why retire it?', note: 'Admin, prompt sentences: label of the reason' },
  retireSentence: { message: 'Retire sentence', note: 'Admin, prompt sentences: button' },
  sayWhy: {
    message: 'Say why you retire this sentence',
    note: 'Admin, prompt sentences: error when no reason was given',
  },

  writtenTitle: { message: 'Written sentences', note: 'Admin, written sentences: heading' },
  writtenIntro: {
    message:
      "The Lopit sentences contributors wrote to be read aloud. Reported ones come first; a retired sentence leaves every phone's pack at its next update and its reports are closed, but it stays validated. Your reason is kept.",
    note: 'Admin, written sentences: introduction',
  },
  writtenBy: { message: 'Written by {name}', note: 'Admin, written sentences: who wrote the sentence' },
  writtenByNobody: {
    message: 'Writer unknown (account deleted)',
    note: 'Admin, written sentences: the writer’s account no longer exists',
  },
  writtenSource: {
    message: 'Source: {source}',
    note: 'Admin, written sentences: where the writer took it from',
  },
});

const r = adminReview;

/** Each clip state in words, with a sign so colour is never the only mark. */
export const CLIP_STATE_MESSAGES: Record<ClipReviewState, MessageDescriptor> = {
  pending: r.clipStatePending,
  validated: r.clipStateValidated,
  invalidated: r.clipStateInvalidated,
  reported: r.clipStateReported,
};

/** Each proposal state in words, with a sign so colour is never the only mark. */
export const PROPOSAL_STATE_MESSAGES: Record<ProposalLifecycleState, MessageDescriptor> = {
  proposed: r.proposalWaiting,
  approved: r.proposalApproved,
  rejected: r.proposalRejected,
  superseded: r.proposalSuperseded,
  withdrawn: r.proposalWithdrawn,
};
