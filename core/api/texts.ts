// The English of the checks the API's schemas make, written once: the schemas fill them in (`fill`), the
// interface's catalogue offers them to translators (core/i18n/messages/errors.ts, same keys), and a phone in
// another language recognises a server's or a form's message by its template and writes it in that language
// (src/lib/error-texts.ts). Placeholders are ICU's simple `{name}` only, so a text can be matched back.

export const VALIDATION_TEXTS = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be at most {max} characters',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least {min} characters',
  passwordTooLong: 'Password must be at most {max} characters',
  passwordsDoNotMatch: 'Passwords do not match',
  termsRequired: 'You must accept the terms and privacy policy',
  resetLinkInvalid: 'This reset link is not valid',
  dialectTooLong: 'Dialect or village must be at most {max} characters',
  typeToTranslate: 'Type something to translate',
  typeToReadAloud: 'Type something to read aloud',
  noWordsToRead: 'The text has no words to read aloud',
  textTooLong: 'Text can be at most {max} characters',
  englishRequired: 'English text is required',
  englishTooLong: 'English text can be at most {max} characters',
  lopitTooLong: 'Lopit text can be at most {max} characters',
  translationTooLong: 'A translation can be at most {max} characters',
  speakerNameRequired: 'Give a name or a pseudonym',
  speakerNameTooLong: 'A name can be at most {max} characters',
  nameControlCharacters: 'A name cannot hold control characters',
  noteTooLong: 'A note can be at most {max} characters',
  reasonTooLong: 'A reason can be at most {max} characters',
  transcriptTooLong: 'A transcript can be at most {max} characters',
  sentenceRequired: 'Write a sentence',
  sentenceTooLong: 'A sentence can be at most {max} characters',
  sentenceTooManyWords: 'A sentence to read aloud has at most {words} words',
  sentenceDigits: 'Write numbers as words, not digits',
  sentenceAbbreviation: 'Write words in full, without abbreviations',
  sentenceSymbols: 'Leave out symbols a reader cannot say',
  sentenceSeveral: 'Write one sentence at a time',
  sentenceSourceTooLong: 'A source can be at most {max} characters',
  titleTooLong: 'The title must be at most {max} characters',
  retireReasonRequired: 'Say why you retire this sentence',
  settleReasonRequired: 'Say why you decide this clip',
  rejectReasonRequired: 'Say why this translation is wrong',
  chooseProposal: 'Choose at least one proposal',
  workerNameRequired: 'Give the worker a name',
  languageCodeRequired: 'A language code is required',
  languageCodeTooLong: 'A language code has at most {max} characters',
  languageCodeInvalid: 'A language code is an ISO 639 code such as lpx, optionally with a region',
  languageNameRequired: 'A name is required',
  languageNameTooLong: 'A name has at most {max} characters',
  uiTranslationRequired: 'A translation is required',
  uiTranslationTooLong: 'A translation has at most {max} characters',
  poFileRequired: 'A PO file is required',
  fileEmpty: 'The file is empty',
  poFileTooLarge: 'A PO file can be at most 2 MB',
  textNul: 'Text may not contain the NUL character (U+0000).',
  textSurrogate: 'Text must be valid Unicode (a lone surrogate was found).',
  nestedTooDeep: 'The request is nested more than {max} levels deep.',
} as const;

export type ValidationTextKey = keyof typeof VALIDATION_TEXTS;

/** A template with its `{name}` placeholders filled in. */
export function fill(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/** The English of a check, filled in. */
export const validationText = (key: ValidationTextKey, values?: Record<string, string | number>) =>
  fill(VALIDATION_TEXTS[key], values);
