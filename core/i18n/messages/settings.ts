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
