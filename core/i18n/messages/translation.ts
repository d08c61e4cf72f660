// Translating the English prompt sentences into Lopit: the editor table (/translation) with its review states,
// and one sentence at a time (/translate), typed or said aloud. The English sentences and the Lopit texts are
// content, never messages.
import { defineMessages } from '../define.ts';

export const translation = defineMessages('translation', {
  title: { message: 'Translation Editor', note: 'Translation editor (/translation): heading' },
  intro: {
    message:
      'Write each sentence the way it is said in Lopit. Your work is saved on this device when you leave the field, and sent to the server as soon as there is a connection.',
    note: 'Translation editor: introduction; followed by one of the next two sentences',
  },
  introAdmin: {
    message: 'As an admin, what you save is approved at once.',
    note: 'Translation editor: end of the introduction, for admins',
  },
  introContributor: {
    message:
      'What you write is a proposal until {count} other contributors approve it; only approved translations teach the models.',
    note: 'Translation editor: end of the introduction, for contributors; {count} is a number (2 or more)',
  },
  exportCsv: {
    message: 'Export CSV',
    note: 'Translation editor: button that downloads all pairs as a CSV file',
  },
  exportOffline: {
    message: 'You are offline: the file was made from the copy on this device.',
    note: 'Translation editor: after Export CSV without a connection',
  },
  counts: {
    message: '{approved} of {total} approved',
    note: 'Translation editor: beside the filter; how many sentences have an approved translation',
  },
  countsWaiting: {
    message: '{approved} of {total} approved · {waiting} of yours waiting',
    note: 'Translation editor: the same, with how many of the person’s texts wait (to be sent or reviewed)',
  },
  offlineSaved: {
    message:
      'You are offline. These are the sentences saved on this device; your edits are kept and sent when you are back online.',
    note: 'Translation editor: without a connection, with sentences on the device',
  },
  offlineEmpty: {
    message:
      'You are offline, and the sentences have not been downloaded to this device yet. Open this page once with a connection.',
    note: 'Translation editor: without a connection, no sentences on the device yet',
  },
  loading: { message: 'Loading translations...', note: 'Translation editor: while the sentences load' },
  empty: { message: 'No translations available', note: 'Translation editor: no sentences at all' },
  english: { message: 'English', note: 'Translation editor: column heading (the sentence to translate)' },
  lopit: { message: 'Lopit', note: 'Translation editor: column heading (the translation)' },
  status: { message: 'Status', note: 'Translation editor: column heading' },
  downloaded: {
    message: 'Sentences downloaded',
    note: 'Translation editor: label (for screen readers) of the download progress bar',
  },
  downloadProgress: {
    message: '{received} of {total} sentences on this device',
    note: 'Translation editor: while a large download goes on',
  },
  category: { message: 'Category', note: 'Translation screens: label of the category filter' },
  allCategories: { message: 'all', note: 'Translation screens: the filter’s choice of every category' },
  greetings: { message: 'greetings', note: 'A category of sentences (filter and card)' },
  family: { message: 'family', note: 'A category of sentences' },
  numbers: { message: 'numbers', note: 'A category of sentences' },
  food: { message: 'food', note: 'A category of sentences' },
  time: { message: 'time', note: 'A category of sentences (days, hours, seasons)' },
  // One row of the editor.
  checkConsent: {
    message: 'Check that you have given translation consent, then try again.',
    note: 'Translation editor: after a refusal for lack of consent',
  },
  sentenceRemoved: {
    message: 'This sentence was removed; your text can be discarded.',
    note: 'Translation editor: after a refusal because the sentence is gone',
  },
  correctText: {
    message: 'Correct the text and leave the field to save it again.',
    note: 'Translation editor: after a refusal of the text',
  },
  tryAgainOrDiscard: {
    message: 'Try again, or discard your change.',
    note: 'Translation editor: after any other refusal',
  },
  cannotSave: { message: 'This text cannot be saved', note: 'Translation editor: under the field' },
  cannotRemove: {
    message: 'An approved translation cannot be removed here: write the text you propose instead.',
    note: 'Translation editor: under the field, when a contributor empties an approved text',
  },
  approvedBadge: {
    message: 'Approved',
    note: 'Translation editor: badge before the approved Lopit text, and a status',
  },
  addPlaceholder: { message: 'Add the Lopit translation', note: 'Translation editor: empty field (admins)' },
  proposePlaceholder: {
    message: 'Propose a Lopit translation',
    note: 'Translation editor: empty field (contributors)',
  },
  conflict: {
    message:
      'You changed this translation on another device while this one waited. Both are kept until you choose.',
    note: 'Translation editor: two devices changed the same text',
  },
  thisDevice: { message: 'This device', note: 'Translation editor, conflict: the text typed here' },
  otherDevice: {
    message: 'Other device',
    note: 'Translation editor, conflict: the text from another device',
  },
  emptyText: { message: '(empty)', note: 'Translation screens: in place of an empty text' },
  withdrawn: {
    message: '(withdrawn)',
    note: 'Translation editor, conflict: the other device withdrew the text',
  },
  keepThis: { message: 'Keep this one', note: 'Translation editor, conflict: button' },
  takeOther: { message: 'Take the other', note: 'Translation editor, conflict: button' },
  edit: { message: 'Edit', note: 'Translation editor, conflict: button that puts the cursor in the field' },
  combine: {
    message: 'To combine them, choose Edit, change the text, and leave the field.',
    note: 'Translation editor, conflict: hint under the buttons',
  },
  refused: {
    message: 'The server did not accept this change: {problem} {whatToDo}',
    note: 'Translation editor: {problem} is the server’s reason, {whatToDo} one of the advice sentences',
  },
  tryAgain: { message: 'Try again', note: 'Translation editor: button after a refusal' },
  discard: { message: 'Discard my change', note: 'Translation editor: button after a refusal' },
  otherProposals: {
    message: 'Other proposals for “{sentence}”',
    note: 'Translation editor: label (for screen readers) of the list of other people’s proposals; {sentence} is the English sentence',
  },
  proposedBy: {
    message: 'Proposed by {author} · {progress}',
    note: 'Translation editor: under another person’s proposal; {progress} is like “1 of 2 approvals”',
  },
  formerMember: {
    message: 'a former member',
    note: 'Translation screens: in place of the name of someone whose account was deleted',
  },
  approvals: {
    message: '{approvals} of {required} approvals',
    note: 'Review progress of a proposed translation',
  },
  approvalsRejections: {
    message:
      '{approvals} of {required} approvals, {rejections, plural, one {# rejection} other {# rejections}}',
    note: 'Review progress of a proposed translation that someone rejected',
  },
  history: { message: 'History', note: 'Translation editor: button that shows the changes of a text' },
  historyOf: {
    message: 'History of “{sentence}”',
    note: 'Translation editor: label of the History button and title of its window; {sentence} is the English sentence',
  },
  conflictStatus: {
    message: 'Conflict',
    note: 'Translation editor: status of a text changed on two devices',
  },
  notAccepted: { message: 'Not accepted', note: 'Translation editor: status of a change the server refused' },
  waitingToSync: { message: 'Waiting to sync', note: 'Translation editor: status of a change not yet sent' },
  waitingTitle: {
    message: 'Saved on this device; sent when you are back online',
    note: 'Translation editor: tooltip of “Waiting to sync”',
  },
  saving: { message: 'Saving…', note: 'Translation editor: status while a change is sent' },
  saved: { message: 'Saved', note: 'Translation editor: status for a moment after the server took a change' },
  waitingForReview: {
    message: 'Waiting for review: {progress}',
    note: 'Translation editor: status of the person’s own proposal; {progress} is like “1 of 2 approvals”',
  },
  translated: {
    message: 'Translated',
    note: 'Translation editor: status of a text that is not yet approved',
  },
  notTranslated: {
    message: 'Not translated yet',
    note: 'Translation editor: status of a sentence with no text',
  },
  // The history window.
  historyOffline: {
    message: 'The history can be read only with a connection.',
    note: 'Translation editor, history window: without a connection',
  },
  loadingHistory: { message: 'Loading history...', note: 'Translation editor, history window' },
  noChanges: { message: 'No changes yet.', note: 'Translation editor, history window' },
  formerMemberName: {
    message: 'A former member',
    note: 'Translation editor, history window: in place of the name of a deleted account',
  },
});

export const translateOne = defineMessages('translate', {
  title: { message: 'Translate', note: 'Translate one sentence at a time (/translate): heading' },
  intro: {
    message:
      'Write one sentence at a time the way it is said in Lopit. What you write is a proposal until {count} other contributors approve it.',
    note: 'Translate: introduction; {count} is a number (2 or more)',
  },
  offline: {
    message:
      'Offline: {count, plural, one {# sentence} other {# sentences}} to translate on this phone; your translations will be sent when you are back online.',
    note: 'Translate: without a connection',
  },
  saidSaved: {
    message:
      'Your spoken translation is saved on this phone. It will be uploaded when there is a connection, and someone will write down what it says.',
    note: 'Translate: after keeping a spoken translation',
  },
  typedSaved: {
    message: 'Saved on this phone. It will be sent when there is a connection.',
    note: 'Translate: after saving a typed translation',
  },
  skipped: { message: 'Skipped: it comes back after the others.', note: 'Translate: after Skip' },
  reported: {
    message: 'Reported. The sentence has left your list.',
    note: 'Translate: after reporting a sentence',
  },
  position: {
    message: 'Sentence 1 of {count} on this phone',
    note: 'Translate: heading of the card; {count} is how many sentences wait on the phone',
  },
  reading: { message: 'Reading the sentences on this phone…', note: 'Translate: while loading' },
  allDone: {
    message:
      'Every sentence here has your translation. Thank you! Choose another category, or check the translations of others in Review.',
    note: 'Translate: nothing left to translate in this category; Review is the name of the review screen',
  },
  noSentences: {
    message: 'No sentences are on this phone yet. Open this page once with a connection.',
    note: 'Translate: no sentences downloaded yet',
  },
  writeOrSkip: {
    message: 'Write the Lopit sentence, or skip this one',
    note: 'Translate: Save with an empty field',
  },
  hearIt: { message: '▶ Hear it', note: 'Translate: button that reads the English sentence aloud' },
  hearSentence: { message: 'Hear the sentence', note: 'Translate: label (for screen readers) of “Hear it”' },
  categoryOf: {
    message: 'Category: {category}',
    note: 'Translate: under the sentence; {category} is a category name',
  },
  approvedText: {
    message: 'Approved: {lopit}',
    note: 'Translate: under the sentence, its approved Lopit translation ({lopit})',
  },
  proposedByOthers: {
    message: '{count, plural, one {# proposed by others} other {# proposed by others}}',
    note: 'Translate: under the sentence; how many translations others proposed',
  },
  inLopit: { message: 'In Lopit', note: 'Translate: label of the field for the translation' },
  save: { message: 'Save', note: 'Translate: button' },
  skip: { message: 'Skip', note: 'Translate: button; the sentence comes back later' },
  report: {
    message: 'Report the sentence',
    note: 'Translate: button to report a wrong or unsuitable sentence',
  },
  howToAnswer: {
    message: 'How to answer',
    note: 'Translate: label (for screen readers) of the choice between typing and speaking',
  },
  typeIt: { message: 'Type it', note: 'Translate: answer by typing' },
  sayIt: { message: 'Say it', note: 'Translate: answer by speaking' },
  sayPrompt: {
    message: 'Say this sentence in Lopit, the way it is said at home.',
    note: 'Translate, spoken: under the sentence',
  },
  sayInLopit: { message: 'Say it in Lopit', note: 'Translate, spoken: the big record button' },
  fromPicture: {
    message: 'From a picture',
    note: 'Translate: answer a picture by speaking (for those who read neither English nor Lopit)',
  },
  picturePosition: {
    message: 'Picture {number} of {count} on this phone',
    note: 'Translate, picture: heading of the card; {number} and {count} are numbers',
  },
  picturePrompt: {
    message: 'Look at the picture and say in Lopit what you see, the way it is said at home.',
    note: 'Translate, picture: under the picture',
  },
  hearDescription: {
    message: 'Hear what it shows (English)',
    note: 'Translate, picture: button that reads the short English description of the picture aloud',
  },
  pictureCredit: {
    message: 'Picture: {credit}',
    note: 'Translate, picture: under the picture, who made it or its source ({credit})',
  },
  saidFromPicture: {
    message: 'Said from a picture: {description}',
    note: 'Transcribe and Your recordings: a clip answering a picture whose image is not on this phone; {description} is the picture’s English description',
  },
  saidFromAPicture: {
    message: 'Said from a picture',
    note: 'Your recordings: a clip answering a picture that is no longer on this phone',
  },
  nextPicture: { message: 'Another picture', note: 'Translate, picture: button that shows the next picture' },
  pictureSaved: {
    message:
      'Your answer is saved on this phone. It will be uploaded when there is a connection, and someone will write down what it says.',
    note: 'Translate, picture: after keeping a spoken answer to a picture',
  },
  readingPictures: {
    message: 'Reading the pictures on this phone…',
    note: 'Translate, picture: while loading',
  },
  noPictures: {
    message: 'No pictures are on this phone yet. Open this page once with a connection.',
    note: 'Translate, picture: no pictures downloaded yet (or none added by the admins)',
  },
});
