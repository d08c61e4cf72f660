// The consent page (/consent), what it explains, and the notice that screens needing consent show before any
// work is done (the recorder, the translation editor).
import { defineMessages } from '../define.ts';

export const consent = defineMessages('consent', {
  title: { message: 'Data Consent', note: 'Heading of the consent page' },
  intro: {
    message: 'Manage how your recordings and translations may be used to build Lopit language technology.',
    note: 'Consent page: under the heading',
  },
  statusTitle: { message: 'Your consent', note: 'Consent page: heading of the current consent status' },
  loading: { message: 'Loading consent status...', note: 'Consent page: while the status is read' },
  offlineStatus: {
    message: 'You are offline. Your consent status will show when you are back online.',
    note: 'Consent page: no copy of the status on the phone and no connection',
  },
  recordingGranted: {
    message: '✓ Audio recording consent granted',
    note: 'Consent page: status line when recording consent is given',
  },
  translationGranted: {
    message: '✓ Translation contribution consent granted',
    note: 'Consent page: status line when translation consent is given',
  },
  noneGranted: { message: 'No consent granted yet', note: 'Consent page: status line when nothing is given' },
  lastChanged: {
    message: 'Last changed {date} (form version {version}).',
    note: 'Consent page: under the status; {date} is a date and time, {version} the consent form’s version code',
  },
  loadFailed: {
    message: 'Failed to load consent status: {error}',
    note: 'Consent page: error; {error} is the reason the server or the phone gave',
  },
  waitingTitle: {
    message: 'Waiting to be sent from this device:',
    note: 'Consent page: before the list of consent choices not yet sent to the server',
  },
  waitingItem: {
    message: '◔ {choice}, made {date}',
    note: 'Consent page: a consent choice not yet sent; {choice} is e.g. “Full Contribution consent”, {date} a date and time',
  },
  notAccepted: {
    message: '— not accepted: {problem}',
    note: 'Consent page: after a waiting choice the server refused; {problem} is the server’s reason',
  },
  discard: { message: 'Discard', note: 'Consent page: button that drops a refused consent choice' },
  withdrawal: {
    message: 'Withdrawal of consent',
    note: 'Consent page: a withdrawal waiting to be sent',
  },
  choiceConsent: {
    message: '{choice} consent',
    note: 'Consent page: a grant waiting to be sent; {choice} is e.g. “Full Contribution”',
  },
  grantTitle: { message: 'Grant consent', note: 'Consent page: heading of the form that gives consent' },
  typeLegend: {
    message: 'Type of consent',
    note: 'Consent page: name of the group of choices (screen readers)',
  },
  recordingLabel: { message: 'Audio Recording Only', note: 'Consent page: a choice of consent' },
  recordingHint: {
    message: 'Your voice recordings may be used to train speech models.',
    note: 'Consent page: under the choice “Audio Recording Only”',
  },
  translationLabel: { message: 'Translation Only', note: 'Consent page: a choice of consent' },
  translationHint: {
    message: 'Your translations may be used to train the translation model.',
    note: 'Consent page: under the choice “Translation Only”',
  },
  fullLabel: {
    message: 'Full Contribution',
    note: 'Consent page: a choice of consent (recordings and translations)',
  },
  fullHint: {
    message: 'Both your recordings and your translations.',
    note: 'Consent page: under the choice “Full Contribution”',
  },
  licence: {
    message:
      'Licence: contributions are shared under Creative Commons CC-BY-NC-4.0 for non-commercial community use. Your data is not sold or used commercially.',
    note: 'Consent page: under the choices; keep the licence name CC-BY-NC-4.0 as it is',
  },
  submitting: { message: 'Submitting...', note: 'Consent page: the give-consent button while it works' },
  give: { message: 'Give consent', note: 'Consent page: button' },
  withdraw: { message: 'Withdraw consent', note: 'Consent page: button, and the button that confirms it' },
  granted: {
    message: 'Thank you. Your consent has been recorded.',
    note: 'Consent page: after the server recorded a grant',
  },
  withdrawn: {
    message: 'Your consent has been withdrawn.',
    note: 'Consent page: after the server recorded a withdrawal',
  },
  savedOffline: {
    message:
      'You are offline. Your choice is saved on this device and will be sent when you are back online.',
    note: 'Consent page: after a choice made without a connection',
  },
  submitFailed: {
    message: 'Failed to submit consent: {error}',
    note: 'Consent page: error; {error} is the reason the server gave',
  },
  confirmTitle: { message: 'Withdraw your consent?', note: 'Consent page: title of the confirmation dialog' },
  confirmText: {
    message:
      'Your recordings and translations will be left out of every dataset export and every model trained from now on. You can give consent again at any time.',
    note: 'Consent page: text of the dialog confirming a withdrawal',
  },
  cancel: { message: 'Cancel', note: 'Consent page: button that closes the withdrawal dialog' },
  aboutTitle: { message: 'About your consent', note: 'Consent page: heading of the explanation' },
  whyTitle: { message: 'Why we ask', note: 'Consent page: sub-heading' },
  whyText: {
    message:
      'No speech or translation technology exists for Lopit yet. Your voice and translations are how it comes to exist, and they are yours: we use them only with your permission.',
    note: 'Consent page: under “Why we ask”',
  },
  useTitle: { message: 'How your data is used', note: 'Consent page: sub-heading' },
  useText: {
    message:
      'Contributions train open models (speech recognition, text-to-speech, translation) for the Lopit community. They are shared under CC-BY-NC-4.0 for non-commercial community use, and never sold.',
    note: 'Consent page: under “How your data is used”; keep CC-BY-NC-4.0 as it is',
  },
  rightsTitle: { message: 'Your rights', note: 'Consent page: sub-heading' },
  rightsText: {
    message:
      'You can withdraw consent at any time. After you withdraw, your contributions are left out of every dataset export and every model trained from then on.',
    note: 'Consent page: under “Your rights”',
  },
  documents: { message: 'Documents', note: 'Consent page: heading of the list of consent documents' },
  documentsLabel: {
    message: 'Consent documents',
    note: 'Consent page: name of the navigation holding the documents (screen readers)',
  },
  formEnglish: { message: 'English consent form (PDF)', note: 'Consent page: link to a document' },
  formLopit: { message: 'Lopit consent form (PDF)', note: 'Consent page: link to a document' },
  dataUsePolicy: { message: 'Data Use Policy (PDF)', note: 'Consent page: link to a document' },
  // The notice of the screens that need consent.
  unknown: {
    message:
      'This phone has no copy of your consent yet, and there is no connection to ask the server. Choose your consent on the consent page: it counts on this phone at once and is sent when you are back online.',
    note: 'Recording and translation screens: no consent known on the phone and no connection',
  },
  goToConsent: {
    message: 'Go to consent',
    note: 'Recording and translation screens: link to the consent page',
  },
  neededRecording: {
    message:
      'Before you record, please give recording consent: it says how your voice may be used, and you can withdraw it at any time.',
    note: 'Recording screens: shown when recording consent is missing',
  },
  neededTranslation: {
    message:
      'Before you translate, please give translation consent: it says how your translations may be used, and you can withdraw it at any time. Until then the sentences can be read but not changed.',
    note: 'Translation screens: shown when translation consent is missing',
  },
  waitingRecording: {
    message: 'Your consent is saved on this phone; it will be sent before your recordings.',
    note: 'Recording screens: consent chosen offline, not yet sent',
  },
  waitingTranslation: {
    message: 'Your consent is saved on this phone; it will be sent before your translations.',
    note: 'Translation screens: consent chosen offline, not yet sent',
  },
});
