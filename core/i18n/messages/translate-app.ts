// Translate the app: the contributors' screen where the interface is translated and reviewed.
import { defineMessages } from '../define.ts';

export const translateApp = defineMessages('translate-app', {
  title: { message: 'Translate the app', note: 'Title of the screen where the interface is translated' },
  intro: {
    message:
      'Translate the words of this app into your language. Others review each translation; once enough are approved, the language can be chosen in Settings. English shows for what is not translated yet.',
    note: 'Introduction at the top of Translate the app',
  },
  noLanguages: {
    message: 'No language has been added yet. An admin adds a language before it can be translated.',
    note: 'Translate the app, when no language exists',
  },
  language: { message: 'Language', note: 'Label of the language to translate into' },
  search: { message: 'Search', note: 'Label of the search field over messages' },
  screen: { message: 'Screen', note: 'Label of the filter by screen' },
  allScreens: { message: 'All screens', note: 'Option of the screen filter' },
  show: { message: 'Show', note: 'Label of the filter by state' },
  untranslatedFirst: { message: 'Untranslated first', note: 'Option of the state filter' },
  toReview: { message: 'Waiting for review', note: 'Option of the state filter' },
  approvedOnly: { message: 'Approved', note: 'Option of the state filter' },
  progress: {
    message: '{approved, number} of {total, number} messages approved',
    note: 'Progress of the chosen language',
  },
  shown: {
    message: '{count, plural, one {# message} other {# messages}}',
    note: 'How many messages the filters show',
  },
  english: { message: 'English', note: 'Label above the English source of a message' },
  note: { message: 'Where it appears', note: 'Label above the note for translators' },
  placeholders: {
    message: 'Keep these as they are: {list}',
    note: 'Under a message with placeholders; list is the placeholders, e.g. {count}',
  },
  approvedLabel: { message: 'Approved translation', note: 'Label above the approved translation' },
  yourTranslation: { message: 'Your translation', note: 'Label of the text field for a proposal' },
  propose: { message: 'Propose', note: 'Button sending a proposed translation' },
  proposed: { message: 'Proposed', note: 'Label of a proposal under review' },
  yours: { message: 'Yours', note: 'Marks a proposal as the viewer’s own' },
  votes: {
    message: '{approvals, number} approved · {rejections, number} rejected',
    note: 'Counts of reviews of a proposal',
  },
  approve: { message: 'Approve', note: 'Button approving another person’s proposal' },
  reject: { message: 'Reject', note: 'Button rejecting another person’s proposal' },
  rejectReason: { message: 'Why is it wrong?', note: 'Label of the reason asked when rejecting' },
  reviewed: {
    message: '{verdict, select, approve {You approved this} other {You rejected this}}',
    note: 'Shown once the viewer reviewed a proposal',
  },
  queued: {
    message: 'Saved on this phone; it will be sent when there is a connection.',
    note: 'After proposing or reviewing: the outbox holds it until online',
  },
  problemTooLong: {
    message: 'Make it at most {max} characters long',
    note: 'Error: the translation is longer than the app allows',
  },
  problemBidi: {
    message: 'Remove the invisible character {name}: it reverses the text around it',
    note: 'Error: the translation holds a bidirectional control character (e.g. U+202E), named by its code',
  },
  problemMarkup: {
    message: 'Remove {name}: the English has no such markup',
    note: 'Error: the translation holds an HTML-like tag the English does not have',
  },
  problemSyntax: {
    message: 'The braces do not match: {detail}',
    note: 'Error: the translation is not valid; detail says where (in English)',
  },
  problemUnclosed: {
    message: "A '{' has no closing '}'. Close each '{' with a '}' as in the English.",
    note: "Error: the translation opens a brace it never closes. In this message a brace is written '{' (ICU quoting): the app shows just {",
  },
  problemUnopened: {
    message: "A '}' has no opening '{'. Each '}' closes a '{' as in the English.",
    note: "Error: the translation closes a brace it never opened. In this message a brace is written '}' (ICU quoting): the app shows just }",
  },
  problemMissing: {
    message: 'Keep the placeholder {name}',
    note: 'Error: a placeholder of the English is missing; name is it',
  },
  problemUnknown: {
    message: 'There is no placeholder {name} in the English',
    note: 'Error: the translation has a placeholder the English does not',
  },
  problemKind: {
    message: 'Keep {name} as in the English ({kind})',
    note: 'Error: a placeholder changed kind',
  },
  problemOther: {
    message: 'Add an “other” form to {name}',
    note: 'Error: a plural without the other case; keep the word other in English',
  },
  view: { message: 'View', note: 'Label of the choice between a list and one message at a time' },
  viewList: { message: 'As a list', note: 'Translate the app: show the messages as a list' },
  viewOne: { message: 'One at a time', note: 'Translate the app: show one message at a time' },
  position: {
    message: 'Message {position, number} of {count, number}',
    note: 'One at a time: which message is shown, among those the filters keep',
  },
  skip: {
    message: 'Skip',
    note: 'One at a time: button leaving this message for later (it comes back after the others)',
  },
  noneShown: { message: 'No message matches.', note: 'One at a time: when the filters keep no message' },
  previous: { message: 'Previous', note: 'Button: the previous message' },
  next: { message: 'Next', note: 'Button: the next message' },
  saved: {
    message: 'Saved. It stays here with what becomes of it; others review it.',
    note: 'Translate the app: confirmation under a message just proposed, in the list',
  },
  savedNext: {
    message:
      'Saved “{text}”. {count, plural, one {# translation} other {# translations}} proposed this time. Here is the next message.',
    note: 'Translate the app, one at a time: confirmation after proposing; text is the translation, count how many this visit',
  },
  outcomesLabel: {
    message: 'What became of your earlier proposals',
    note: 'Label above the viewer’s own proposals that are no longer under review',
  },
  outcome: {
    message:
      '{state, select, approved {approved} rejected {rejected} superseded {replaced by a newer translation} withdrawn {withdrawn} other {decided}}',
    note: 'State of one of the viewer’s earlier proposals; state is approved, rejected, superseded or withdrawn',
  },
  reasonsGiven: {
    message: 'Reviewers said: {reasons}',
    note: 'Under a rejected proposal: the reasons reviewers gave, in their words',
  },
  loadFailed: {
    message: 'The messages could not be loaded. Connect once to download them.',
    note: 'Error when the list cannot be loaded and none is kept on the phone',
  },
});

/** A translator's preview of their language (issue 35): the banner on every page while it lasts. */
export const translatePreview = defineMessages('translate-preview', {
  start: {
    message: 'Preview the app in {language}',
    note: 'Translate the app: button showing the whole app in the chosen language (approved texts and your own proposals); language is its name',
  },
  startFailed: {
    message: 'The preview could not be loaded. It needs a connection; try again when you are online.',
    note: 'Translate the app: error when the preview cannot be downloaded',
  },
  banner: {
    message:
      'Preview of {language}: approved texts, and your own proposals underlined with dots. English shows where there is no translation yet. Others still see the app in their chosen language.',
    note: 'Banner on every page while a translator previews their language; language is its name',
  },
  update: {
    message: 'Update preview',
    note: 'Preview banner: button loading the latest approved texts and your proposals',
  },
  stop: {
    message: 'Stop preview',
    note: 'Preview banner: button going back to the language chosen in Settings',
  },
});
