// The frame of every page: navigation bar, mobile and user menus, theme toggle, footer, dialogs, update banner.
import { defineMessages } from '../define.ts';

export const shell = defineMessages('shell', {
  skipToContent: {
    message: 'Skip to content',
    note: 'Hidden link at the top of every page for keyboard users',
  },
  brand: { message: 'Lopit Community', note: 'Name of the app in the navigation bar' },
  brandHome: {
    message: 'Lopit Community, home',
    note: 'Screen-reader name of the app name link to the home page',
  },
  mainNav: { message: 'Main', note: 'Screen-reader name of the main navigation' },
  mobileNav: { message: 'Mobile', note: 'Screen-reader name of the navigation menu on phones' },
  menu: { message: 'Menu', note: 'Button opening the navigation menu on phones' },
  navHome: { message: 'Home', note: 'Navigation link to the home page' },
  navAbout: { message: 'About', note: 'Navigation link to the page about the Lopit people' },
  navVillages: { message: 'Villages', note: 'Navigation link to the villages page' },
  navCulture: { message: 'Culture', note: 'Navigation link to the culture page' },
  navHistory: { message: 'History', note: 'Navigation link to the history page' },
  navFamilies: { message: 'Families', note: 'Navigation link to the family trees' },
  navChat: { message: 'Chat', note: 'Navigation link to the translation chat' },
  navTranslation: { message: 'Translation', note: 'Navigation link to the translation table (signed in)' },
  navRecording: { message: 'Recording', note: 'Navigation link to voice recording (signed in)' },
  navTranscribe: {
    message: 'Transcribe',
    note: 'Navigation link to writing down what Lopit clips say (signed in)',
  },
  navReview: { message: 'Review', note: 'Navigation link to the review screens (signed in)' },
  navTraining: { message: 'Training', note: 'Navigation link to model training (signed in)' },
  navData: { message: 'Data', note: 'Navigation link to the data dashboard (signed in)' },
  navConsent: { message: 'Consent', note: 'Navigation link to recording consent (signed in)' },
  signIn: { message: 'Sign in', note: 'Navigation bar button for visitors' },
  signUp: { message: 'Sign up', note: 'Navigation bar button for visitors' },
  profile: { message: 'Profile', note: 'User menu link to the profile page' },
  settings: { message: 'Settings', note: 'Menu link to the settings page (language, theme, sync)' },
  admin: { message: 'Admin', note: 'User menu link to the admin page (admins only)' },
  translateApp: {
    message: 'Translate the app',
    note: 'User menu link to the screen where the interface is translated',
  },
  signOut: { message: 'Sign out', note: 'User menu button' },
  themeSwitchTo: {
    message: '{theme, select, light {Switch to light theme} other {Switch to dark theme}}',
    note: 'Screen-reader name of the theme button; theme is the theme it switches to',
  },
  themeLight: { message: 'Light', note: 'Theme button text: switches to the light theme' },
  themeDark: { message: 'Dark', note: 'Theme button text: switches to the dark theme' },
  footer: {
    message: 'Contributions are shared under CC-BY-NC-4.0 for non-commercial community use.',
    note: 'Footer of every page; keep the licence name CC-BY-NC-4.0 as it is',
  },
  language: {
    message: 'Language',
    note: 'Footer link, on every page, to the choice of the app’s language in Settings',
  },
  terms: { message: 'Terms', note: 'Footer link to the terms of use' },
  privacy: { message: 'Privacy', note: 'Footer link to the privacy notice' },
  signOutWaitingTitle: {
    message: 'Sign out with items waiting?',
    note: 'Title of the dialog when signing out with unsent work',
  },
  signOutWaitingText: {
    message:
      '{count, plural, one {# contribution made on this phone has not reached the server yet. It stays on this phone and will be sent the next time you sign in here.} other {# contributions made on this phone have not reached the server yet. They stay on this phone and will be sent the next time you sign in here.}}',
    note: 'Dialog when signing out with contributions not yet sent; count is how many',
  },
  signOutAnyway: { message: 'Sign out anyway', note: 'Dialog button: sign out although contributions wait' },
  staySignedIn: { message: 'Stay signed in', note: 'Dialog button: cancel signing out' },
  close: { message: 'Close', note: 'Button closing a dialog' },
  show: { message: 'Show', note: 'Button beside a password field showing the password' },
  hide: { message: 'Hide', note: 'Button beside a password field hiding the password' },
  showField: {
    message: 'Show {field}',
    note: 'Screen-reader name of the show button; field is the field label',
  },
  hideField: {
    message: 'Hide {field}',
    note: 'Screen-reader name of the hide button; field is the field label',
  },
  updatedElsewhere: {
    message: 'The app was updated in another tab. Reload this page when you are ready.',
    note: 'Banner when a new version was installed from another tab',
  },
  updateReady: {
    message: 'A new version of the app is ready.',
    note: 'Banner when a new version is waiting',
  },
  updateBlocked: {
    message: 'Finish first, so nothing is lost: {work}.',
    note: 'Banner when reloading would lose work; work lists what is in progress (the items below)',
  },
  busyRecording: {
    message: 'a recording',
    note: 'Work in progress named in the reload banner: a recording not yet kept',
  },
  busyUnsavedTranslation: {
    message: 'an unsaved translation',
    note: 'Work in progress named in the reload banner: a translation being typed',
  },
  reload: { message: 'Reload', note: 'Banner button loading the new version' },
});

/** Sync states shown on every page (features/sync) and in Settings → Sync. */
export const sync = defineMessages('sync', {
  needsAttention: {
    message: 'Needs attention ({count, number})',
    note: 'Sync indicator: entries the server refused',
  },
  signInToSend: {
    message: 'Sign in to send {count, number}',
    note: 'Sync indicator: the session expired with work waiting',
  },
  syncing: {
    message: 'Syncing {done, number}/{total, number}',
    note: 'Sync indicator: sending, done of total',
  },
  offline: { message: 'Offline', note: 'Sync indicator: no connection' },
  offlineWaiting: {
    message: 'Offline · {count, number} waiting',
    note: 'Sync indicator: no connection, count entries wait',
  },
  waiting: { message: '{count, number} waiting', note: 'Sync indicator: entries waiting to be sent' },
  checking: { message: 'Checking…', note: 'Sync indicator: the outbox is being read' },
  allSaved: { message: 'All saved', note: 'Sync indicator: nothing waiting' },
  indicatorLink: {
    message: 'Sync: {state}. Open sync settings',
    note: 'Screen-reader name of the sync indicator link',
  },
});

/** Each page's title (the browser tab, history and what a screen reader announces), issue 35. */
export const pageTitles = defineMessages('page-title', {
  format: {
    message: '{page} · {app}',
    note: 'Title of every page but Home: page is the page name below, app is "Lopit Community"',
  },
  forgotPassword: { message: 'Reset password', note: 'Page title of the password reset page' },
  translate: { message: 'Translate', note: 'Page title of Translate, one English sentence at a time' },
  speak: { message: 'Speak', note: 'Page title of Speak, reading sentences aloud in Lopit' },
  speakers: { message: 'Speakers', note: 'Page title of the field speakers page' },
  tell: { message: 'Tell a story', note: 'Page title of Tell, recording a story' },
  repeat: { message: 'Repeat', note: 'Page title of Repeat, saying a heard clip again' },
  sentences: { message: 'Lopit sentences', note: 'Page title of the page of sentences written in Lopit' },
  listen: { message: 'Listen', note: 'Page title of Listen, reviewing recorded clips' },
  review: { message: 'Review translations', note: 'Page title of reviewing proposed translations' },
});
