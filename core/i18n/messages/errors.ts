// Failures, in the interface's language (issue 18). Three kinds:
// - the client's own (product-spec section 8: no connection, timeout, an answer it cannot read);
// - the checks of the API's schemas (core/api/texts.ts): a form's field errors, whether the phone or the server
//   found them; the phone recognises the English by its template and writes it in the chosen language;
// - one message per error code, for what the server says in words of its own: a phone in another language
//   shows the code's message when it does not know the words.
import type { MessageSource } from '../define.ts';
import { defineMessages } from '../define.ts';
import { CLIENT_ERROR_TEXTS, type ERROR_CODES } from '../../api/errors.ts';
import { VALIDATION_TEXTS, type ValidationTextKey } from '../../api/texts.ts';

export const clientErrors = defineMessages('errors', {
  network: { message: CLIENT_ERROR_TEXTS.network, note: 'Any screen: the server cannot be reached' },
  timeout: { message: CLIENT_ERROR_TEXTS.timeout, note: 'Any screen: the server took too long to answer' },
  fallback: { message: CLIENT_ERROR_TEXTS.fallback, note: 'Any screen: a failure with nothing more to say' },
  unreadable: {
    message: CLIENT_ERROR_TEXTS.unreadable,
    note: 'Any screen: the server is newer than this copy of the app',
  },
  evidenceMissing: {
    message: CLIENT_ERROR_TEXTS.evidenceMissing,
    note: 'Settings → Sync: a field speaker’s consent recording or photo was lost from the phone’s storage',
  },
});

const VALIDATION_NOTES: Record<ValidationTextKey, string> = {
  nameRequired: 'Sign-up and profile: the name field is empty',
  nameTooLong: 'Sign-up, profile and admin forms: a name is too long; {max} is a number of characters',
  emailRequired: 'Sign-up and sign-in: the email field is empty',
  emailInvalid: 'Sign-up and sign-in: the email is not an email address',
  passwordRequired: 'Sign-up, sign-in and profile: the password field is empty',
  passwordTooShort: 'Sign-up and new password: {min} is the least number of characters',
  passwordTooLong: 'Sign-up and new password: {max} is the most characters allowed',
  passwordsDoNotMatch: 'Sign-up and new password: the two passwords differ',
  termsRequired: 'Sign-up: the terms checkbox is not ticked',
  resetLinkInvalid: 'New password page: the link from the admin is wrong or incomplete',
  dialectTooLong: 'Speaker profile: the dialect or village is too long',
  typeToTranslate: 'Chat: the message is empty',
  typeToReadAloud: 'Hear it: there is no text to read aloud',
  noWordsToRead: 'Hear it: the text has only signs, no words',
  textTooLong: 'Chat and Hear it: the text is too long; {max} is a number of characters',
  englishRequired: 'Translation editor: the English sentence is empty',
  englishTooLong: 'Translation editor: the English sentence is too long',
  lopitTooLong: 'Translation editor: the Lopit text is too long',
  translationTooLong: 'Translate: the translation is too long',
  speakerNameRequired: 'Field speakers: the name or pseudonym field is empty',
  speakerNameTooLong: 'Field speakers: the name is too long',
  nameControlCharacters: 'Field speakers: the name holds invisible control characters',
  noteTooLong: 'Reports and withdrawals: the optional note is too long',
  reasonTooLong: 'Reviews and admin decisions: the reason is too long',
  transcriptTooLong: 'Recording and Transcribe: the transcript is too long',
  sentenceRequired: 'Write sentences: the sentence is empty',
  sentenceTooLong: 'Write sentences: the sentence is too long; {max} is a number of characters',
  sentenceTooManyWords:
    'Write sentences: the sentence has too many words to read in one go; {words} is a number',
  sentenceDigits: 'Write sentences: the sentence has digits such as 3; numbers are written in words',
  sentenceAbbreviation: 'Write sentences: the sentence has an abbreviation such as “e.g.” or “UN”',
  sentenceSymbols: 'Write sentences: the sentence has signs such as # @ / or brackets',
  sentenceSeveral: 'Write sentences: the text holds two sentences or more',
  sentenceSourceTooLong: 'Write sentences: the optional source is too long',
  titleTooLong: 'Recording: the title is too long',
  retireReasonRequired: 'Admin, sentences to read: retiring a sentence needs a reason',
  settleReasonRequired: 'Admin, clips: deciding a clip needs a reason',
  rejectReasonRequired: 'Review: rejecting a translation needs a reason',
  chooseProposal: 'Admin review: nothing is selected',
  workerNameRequired: 'Admin, training workers: the name is empty',
  languageCodeRequired: 'Admin, interface languages: the code is empty',
  languageCodeTooLong: 'Admin, interface languages: the code is too long',
  languageCodeInvalid: 'Admin, interface languages: the code is not like lpx or pt-BR; keep “lpx” as it is',
  languageNameRequired: 'Admin, interface languages: the name is empty',
  languageNameTooLong: 'Admin, interface languages: the name is too long',
  uiTranslationRequired: 'Translate the app: the translation is empty',
  uiTranslationTooLong: 'Translate the app: the translation is too long',
  poFileRequired: 'Admin, interface languages: no PO file was chosen; keep “PO” as it is',
  fileEmpty: 'Any upload: the chosen file is empty',
  poFileTooLarge: 'Admin, interface languages: the PO file is too large',
  textNul: 'Any form: the text holds a NUL character (an invisible character that cannot be stored)',
  textSurrogate: 'Any form: the text holds a broken character',
  nestedTooDeep: 'Rare: the app sent a request it should not have',
};

export const validation = defineMessages(
  'validation',
  Object.fromEntries(
    (Object.keys(VALIDATION_TEXTS) as ValidationTextKey[]).map((key) => [
      key,
      { message: VALIDATION_TEXTS[key], note: VALIDATION_NOTES[key] },
    ]),
  ) as Record<ValidationTextKey, MessageSource>,
);

type ErrorCodeKey = keyof typeof ERROR_CODES;

const CODE_SOURCES: Record<ErrorCodeKey, MessageSource> = {
  validation: { message: 'Some of what was sent is not valid.', note: 'A form was refused by the server' },
  unauthenticated: { message: 'Please sign in to continue.', note: 'The session ended or is missing' },
  forbidden: {
    message: 'You do not have permission to do this.',
    note: 'A contributor tried an admin action',
  },
  notFound: { message: 'Not found.', note: 'What was asked for does not exist (any more)' },
  conflict: { message: 'This was changed or already exists.', note: 'Two changes met' },
  emailTaken: { message: 'This email is already registered.', note: 'Sign-up with an email in use' },
  invalidCredentials: { message: 'Invalid email or password', note: 'Sign-in failed' },
  rateLimited: { message: 'Too many attempts. Please wait and try again.', note: 'Too many requests' },
  invalidResetToken: { message: 'This reset link is not valid or has expired.', note: 'New password page' },
  lastAdmin: { message: 'The community needs at least one admin.', note: 'Admin: removing the last admin' },
  internal: { message: 'Something went wrong on the server. Please try again.', note: 'Server failure' },
  unavailable: {
    message: 'The server is busy. Please try again soon.',
    note: 'Server temporarily unavailable',
  },
  serverBusy: {
    message: 'The server is busy with many phones at once. Your work is kept and sent again shortly.',
    note: 'Sync and any screen: too many requests at once; the app tries again by itself',
  },
  invalidIdempotencyKey: { message: 'The app sent a change the server cannot track.', note: 'Rare: app bug' },
  idempotencyKeyReused: { message: 'The app sent two different changes as one.', note: 'Rare: app bug' },
  idempotencyKeyInFlight: {
    message: 'This change is already being saved.',
    note: 'A change sent twice at the same time',
  },
  invalidImport: { message: 'The file could not be imported.', note: 'Admin: an import file is not valid' },
  importTooLarge: { message: 'The file is too large to import.', note: 'Admin: an import file is too large' },
  consentRequired: {
    message: 'Your consent is needed first: see the consent page.',
    note: 'Contributing without the consent it needs',
  },
  fileTooLarge: { message: 'The file is too large.', note: 'Any upload' },
  emptyFile: { message: 'The file is empty.', note: 'Any upload' },
  unsupportedAudio: { message: 'This is not audio the app can keep.', note: 'Recording upload' },
  truncatedAudio: { message: 'The recording is incomplete.', note: 'Recording upload' },
  unreadableAudio: { message: 'The recording cannot be read.', note: 'Recording upload' },
  audioTooLong: { message: 'The recording is too long.', note: 'Recording upload' },
  checksumMismatch: { message: 'The recording arrived damaged; it is sent again.', note: 'Recording upload' },
  recordingIdTaken: { message: 'Another recording already has this id.', note: 'Recording upload' },
  uploadOffsetConflict: { message: 'The upload starts again where the server is.', note: 'Recording upload' },
  uploadGone: { message: 'The upload expired; it starts again.', note: 'Recording upload' },
  uploadProtocol: { message: 'The upload was refused.', note: 'Recording upload' },
  uploadQuota: {
    message: 'Too many unfinished uploads on the server; this one is sent once they finish.',
    note: 'Recording upload: the account holds the most unfinished uploads it may',
  },
  imageTooLarge: {
    message: 'The photo is too large. Take it again in the app.',
    note: 'Consent photo of a field speaker: too many pixels',
  },
  unreadableImage: {
    message: 'The photo cannot be read. Take it again.',
    note: 'Consent photo of a field speaker: damaged or incomplete',
  },
  rangeNotSatisfiable: { message: 'This part of the file does not exist.', note: 'Playing audio' },
  notTrained: { message: 'No model has been trained yet.', note: 'Chat and training' },
  editConflict: {
    message: 'Someone else changed this while you were editing.',
    note: 'Translation editor: two edits of one pair',
  },
  ownContribution: {
    message: 'Nobody reviews their own contribution.',
    note: 'Review: your own clip or translation',
  },
  translationProblems: {
    message: 'The translation does not keep the placeholders or plural forms of the English.',
    note: 'Translate the app: a proposal refused',
  },
  itemGone: {
    message: 'This is no longer available.',
    note: 'Review and Transcribe: the clip or text was removed, or its speaker withdrew consent',
  },
  malformedBody: {
    message: 'The app sent something the server cannot read. Please try again.',
    note: 'Rare: a request whose content was damaged on the way',
  },
  bodyTooLarge: { message: 'What was sent is too large.', note: 'Any form: too much text at once' },
  unsupportedMediaType: {
    message: 'The app sent something in a form the server does not take.',
    note: 'Rare: app bug',
  },
};

/** One message per server error code, keyed by the code's name in ERROR_CODES. */
export const errorCodes = defineMessages('error-code', CODE_SOURCES);
