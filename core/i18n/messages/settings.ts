// Settings: appearance, language, sync and storage, installing the app; and the first screen's language choice.
import { defineMessages } from '../define.ts';

export const settings = defineMessages('settings', {
  title: { message: 'Settings', note: 'Title of the settings page' },
  savedHere: { message: 'Saved on this device.', note: 'Under the settings title' },
  appearance: { message: 'Appearance', note: 'Settings section heading: the theme' },
  dark: { message: 'Dark', note: 'Theme choice' },
  darkHint: {
    message: 'Default; easier on the battery of most phones',
    note: 'Hint beside the dark theme choice',
  },
  light: { message: 'Light', note: 'Theme choice' },
  lightHint: { message: 'Easier to read in bright sunlight', note: 'Hint beside the light theme choice' },
  language: { message: 'Language', note: 'Settings section heading: the language of the interface' },
  languageHint: {
    message: 'The language of the buttons and menus. What is not translated yet is shown in English.',
    note: 'Under the language heading in Settings',
  },
  languageProgress: {
    message: '{percent, number, percent} translated',
    note: 'Beside a language in the choice: the share of the interface translated',
  },
  helpTranslate: {
    message: 'Help translate the app',
    note: 'Link from the language settings to the Translate the app screen',
  },
  app: { message: 'App', note: 'Settings section heading: installing the app' },
  offlineReady: {
    message: '✓ Ready to open without a connection.',
    note: 'Settings → App: the app works offline',
  },
  notOfflineReady: {
    message: 'Not yet ready to open offline (it becomes ready after the first full load online).',
    note: 'Settings → App: the app is not cached yet',
  },
  installed: { message: '✓ Installed on this device.', note: 'Settings → App' },
  install: { message: 'Install app', note: 'Settings → App: button' },
  installHint: {
    message: 'Adds Lopit Community to your home screen.',
    note: 'Settings → App: beside the install button',
  },
  installManual: {
    message: 'To install, use your browser’s menu (“Add to Home screen” or “Install app”) if it offers it.',
    note: 'Settings → App: when the browser offers no install button',
  },
});

/** The language choice a new visitor sees first. */
export const firstScreen = defineMessages('first-screen', {
  title: { message: 'Choose your language', note: 'Title of the language choice shown to a new visitor' },
  hint: { message: 'You can change it later in Settings.', note: 'Under the first language choice' },
  continue: { message: 'Continue', note: 'Button closing the first language choice' },
});

/** Settings → Sync: what waits on this device, the last sync, storage. */
export const syncSettings = defineMessages('sync-settings', {
  heading: { message: 'Sync', note: 'Settings → Sync: heading' },
  intro: {
    message: 'Your changes are saved on this device first and sent to the server when there is a connection.',
    note: 'Settings → Sync: introduction',
  },
  connection: { message: 'Connection', note: 'Settings → Sync: label of the connection state' },
  offlineNextTry: {
    message: 'Offline — next try at {time}',
    note: 'Settings → Sync: offline; time is when it tries again',
  },
  signInAgain: {
    message: 'The server asks you to sign in again',
    note: 'Settings → Sync: the session expired',
  },
  sending: { message: 'Sending…', note: 'Settings → Sync: sending now' },
  online: { message: 'Online', note: 'Settings → Sync: connected' },
  waitingToSend: {
    message: 'Waiting to send',
    note: 'Settings → Sync: label of the number of waiting changes; also the list’s name',
  },
  lastSync: { message: 'Last successful sync', note: 'Settings → Sync: label' },
  notYet: { message: 'Not yet', note: 'Settings → Sync: never synced' },
  storageUsed: { message: 'Storage used', note: 'Settings → Sync: label of the space the app uses' },
  storageOf: {
    message: '{used} of {quota} available to this app',
    note: 'Settings → Sync: storage; used and quota are sizes such as 2 MB',
  },
  storageUnknown: {
    message: 'Unknown in this browser',
    note: 'Settings → Sync: the browser does not say the storage used',
  },
  persisted: {
    message: 'Kept when the phone is short of space',
    note: 'Settings → Sync: label: whether the browser promised to keep the data',
  },
  yes: { message: 'Yes', note: 'Settings → Sync: the data is kept' },
  notGuaranteed: { message: 'Not guaranteed', note: 'Settings → Sync: the data may be evicted' },
  askToKeep: { message: 'Ask to keep', note: 'Settings → Sync: button asking the browser to keep the data' },
  progress: { message: 'Sync progress', note: 'Settings → Sync: screen-reader name of the progress bar' },
  progressText: { message: '{done, number} of {total, number}', note: 'Settings → Sync: progress bar text' },
  syncNow: { message: 'Sync now', note: 'Settings → Sync: button' },
  syncingNow: { message: 'Syncing…', note: 'Settings → Sync: button while sending' },
  notAccepted: {
    message: 'Not accepted: {reason}',
    note: 'Settings → Sync: an entry the server refused; reason is the server’s message',
  },
  refused: { message: 'refused by the server', note: 'Settings → Sync: reason when the server gave none' },
  waitingTried: {
    message: '{attempts, plural, one {Waiting (tried # time)} other {Waiting (tried # times)}}',
    note: 'Settings → Sync: an entry tried already',
  },
  waitingEntry: { message: 'Waiting', note: 'Settings → Sync: an entry not tried yet' },
  tryAgain: { message: 'Try again', note: 'Settings → Sync: button sending a refused entry again' },
  deleteRecording: {
    message: 'Delete recording',
    note: 'Settings → Sync: button deleting a refused recording',
  },
  discard: { message: 'Discard', note: 'Settings → Sync: button giving up a refused change' },
  deleteRecordingTitle: { message: 'Delete this recording?', note: 'Settings → Sync: dialog title' },
  discardTitle: { message: 'Discard this change?', note: 'Settings → Sync: dialog title' },
  deleteRecordingText: {
    message: 'It has not reached the server: deleting it removes it from this phone for good.',
    note: 'Settings → Sync: dialog text',
  },
  discardText: {
    message: 'The change will not be sent. This cannot be undone.',
    note: 'Settings → Sync: dialog text',
  },
  delete: { message: 'Delete', note: 'Settings → Sync: dialog button' },
  cancel: { message: 'Cancel', note: 'Settings → Sync: dialog button' },
});
