// Ready for the field: the checklist in Settings, the banner shown across the app while the phone is prepared,
// and what each step says it holds.
import { defineMessages } from '../define.ts';

export const field = defineMessages('field', {
  title: {
    message: 'Ready for the field',
    note: 'Settings: heading of the checklist getting the phone ready',
  },
  intro: {
    message:
      'Before you go where there is no signal, get this phone ready: the app, sentences to read and to translate, your consent and the translation model are kept on it, so everything works offline.',
    note: 'Settings, Ready for the field: introduction',
  },
  stepsLabel: {
    message: 'What this phone holds for the field',
    note: 'Ready for the field: name of the checklist, for screen readers',
  },
  getReady: { message: 'Get this phone ready', note: 'Ready for the field: button, the first time' },
  getReadyAgain: { message: 'Get ready again', note: 'Ready for the field: button, once done before' },
  details: { message: 'Details', note: 'Banner across the app: link to the checklist in Settings' },
  dismiss: { message: 'Dismiss', note: 'Banner across the app: button hiding it' },
  statusWaiting: { message: 'Waiting', note: 'Ready for the field: a step not started' },
  statusWorking: { message: 'Working', note: 'Ready for the field: a step running' },
  statusDone: { message: 'Done', note: 'Ready for the field: a step done' },
  statusWarning: { message: 'Done, note', note: 'Ready for the field: a step done, with something to know' },
  statusFailed: { message: 'Failed', note: 'Ready for the field: a step that failed' },
  running: {
    message: 'Getting this phone ready for the field… ({done, number} of {total, number})',
    note: 'Ready for the field: while the steps run',
  },
  notPrepared: {
    message: 'This phone has not been prepared for the field yet.',
    note: 'Ready for the field: before the first run',
  },
  ready: {
    message: 'Ready for the field (checked {when}).',
    note: 'Ready for the field: every step done; when is the date and time',
  },
  notReady: {
    message: 'Not ready for the field: {count, plural, one {# step} other {# steps}} failed ({when}).',
    note: 'Ready for the field: some steps failed; when is the date and time',
  },
  offline: {
    message: 'No connection. Try again where there is a signal.',
    note: 'Ready for the field: why a step failed',
  },
  somethingWrong: {
    message: 'Something went wrong.',
    note: 'Ready for the field: a step failed for no known reason',
  },
  progress: {
    message: '{received, number} of {total, number}…',
    note: 'Ready for the field: a step’s progress, e.g. 200 of 1,000…',
  },

  // The steps.
  stepApp: {
    message: 'The app’s screens',
    note: 'Ready for the field: step keeping the app for offline use',
  },
  stepPrompts: { message: 'Sentences to read aloud', note: 'Ready for the field: step' },
  stepPairs: { message: 'Sentences to translate', note: 'Ready for the field: step' },
  stepPictures: { message: 'Pictures to answer aloud', note: 'Ready for the field: step (picture prompts)' },
  stepConsent: { message: 'Your consent and profile', note: 'Ready for the field: step' },
  stepModel: { message: 'Translation model and word list', note: 'Ready for the field: step' },
  stepReview: { message: 'Clips to listen to and translations to check', note: 'Ready for the field: step' },
  stepStorage: {
    message: 'Keep it safe on this phone',
    note: 'Ready for the field: step asking the browser not to clear the app’s data',
  },
  downloadingApp: { message: 'Downloading the app for offline use…', note: 'Ready for the field: app step' },
  appTimeout: {
    message: 'The app did not finish downloading. Try again where the signal is better.',
    note: 'Ready for the field: app step failed',
  },
  appNotKept: {
    message: 'This browser cannot keep the app for offline use: pages open only with a connection.',
    note: 'Ready for the field: app step, the browser has no offline support',
  },
  appKept: {
    message: '{files, plural, one {# file} other {# files}}, {size}',
    note: 'Ready for the field: app step done; size is e.g. 2.1 MB',
  },
  sentences: {
    message: '{count, plural, one {# sentence} other {# sentences}}',
    note: 'Ready for the field: sentences step done',
  },
  picturesKept: {
    message: '{count, plural, one {# picture} other {# pictures}} ({size})',
    note: 'Ready for the field: pictures step done; {size} is a size such as 1.2 MB',
  },
  noPictures: {
    message: 'No pictures have been added yet.',
    note: 'Ready for the field: pictures step, none added by the admins yet',
  },
  picturesMissing: {
    message:
      '{count, plural, one {# picture did not arrive} other {# pictures did not arrive}}; they are fetched again next time.',
    note: 'Ready for the field: pictures step, some images could not be downloaded',
  },
  noSentences: {
    message: 'There are no sentences yet; you can still record freely.',
    note: 'Ready for the field: sentences step with nothing to read',
  },
  signedInAs: {
    message: 'Signed in as {name}.',
    note: 'Ready for the field: consent step, who is signed in',
  },
  noConsent: {
    message:
      'No consent yet: give it on the Consent page before you record or translate (it works offline too).',
    note: 'Ready for the field: consent step, no consent given',
  },
  consentGiven: {
    message:
      '{scope, select, both {Recording and translation consent} recording {Recording consent} other {Translation consent}}.',
    note: 'Ready for the field: consent step, the consent given',
  },
  consentWaiting: {
    message:
      '{scope, select, both {Recording and translation consent} recording {Recording consent} other {Translation consent}} (chosen on this phone, waiting to be sent).',
    note: 'Ready for the field: consent step, the consent given on this phone and not yet sent',
  },
  modelKept: {
    message:
      '{size}, with {count, plural, one {# approved sentence} other {# approved sentences}} for exact answers',
    note: 'Ready for the field: model step done; size is the model file, e.g. 900 kB',
  },
  memoryIncomplete: {
    message:
      '{size}; only {count, plural, one {# approved sentence} other {# approved sentences}} could be downloaded. Try again with a connection: it goes on where it stopped.',
    note: 'Ready for the field: model step, the approved sentences stopped downloading part way',
  },
  noModel: {
    message: 'No model has been trained yet; the chat needs a connection.',
    note: 'Ready for the field: model step, no model exists',
  },
  noModelSentences: {
    message:
      'No model has been trained yet; offline, the chat answers only the {count, plural, one {# approved sentence} other {# approved sentences}} kept on this phone.',
    note: 'Ready for the field: model step, no model exists but the approved sentences are on the phone',
  },
  modelFailed: {
    message: 'The translation model could not be downloaded. Try again with a connection.',
    note: 'Ready for the field: model step failed',
  },
  clipsProgress: {
    message: '{done, number} of {total, plural, one {# clip} other {# clips}}…',
    note: 'Ready for the field: review step while clips download',
  },
  nothingToReview: {
    message: 'Nothing to review yet: new clips and translations arrive as people give them.',
    note: 'Ready for the field: review step with nothing to review',
  },
  reviewHeld: {
    message:
      '{clips, plural, one {# clip} other {# clips}} ({size}), {translations, plural, one {# translation} other {# translations}}',
    note: 'Ready for the field: review step done; size is the clips’ size, e.g. 1.2 MB',
  },
  reviewHeldWords: {
    message:
      '{clips, plural, one {# clip} other {# clips}} ({size}), {translations, plural, one {# translation} other {# translations}}, {words, plural, one {# word} other {# words}}',
    note: 'Ready for the field: review step done, with words to check',
  },
  storageUsed: {
    message: 'Using {used} of {quota} available.',
    note: 'Ready for the field: storage step; used and quota are sizes, e.g. 40 MB',
  },
  storageKept: {
    message: 'The browser will not clear this app’s data to free space.',
    note: 'Ready for the field: storage step done',
  },
  storageNotKept: {
    message:
      'The browser did not promise to keep this app’s data: if the phone runs short of space it may clear it, recordings not yet sent included. Install the app (Settings, Install) and send recordings when you can.',
    note: 'Ready for the field: storage step, the browser may clear the data',
  },
});
