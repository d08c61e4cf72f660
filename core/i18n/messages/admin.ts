// The admin page (/admin): its frame and tabs, users and roles, field speakers, the imports (translation pairs,
// prompt sentences, the lexicon), the dataset exports and the interface's languages. The review queues are in
// admin-review.ts.
import { defineMessages } from '../define.ts';

export const admin = defineMessages('admin', {
  notAdminTitle: { message: 'Admin', note: 'Admin page: heading for someone who is not an admin' },
  notAdmin: {
    message: 'Only community admins can open this page. Ask an admin if you need access.',
    note: 'Admin page: shown to someone who is not an admin',
  },
  title: { message: 'Community administration', note: 'Admin page: heading' },
  intro: {
    message:
      'Manage accounts and roles, import translation pairs, import or export the lexicon, and decide what the community review leaves to you. Admins curate data and start model training.',
    note: 'Admin page: introduction under the heading',
  },
  tabs: { message: 'Administration', note: 'Admin page: screen-reader name of the row of tabs' },
  tabData: { message: 'Accounts and data', note: 'Admin page: tab with accounts, imports and exports' },
  tabReview: { message: 'Review queues', note: 'Admin page: tab with the review queues' },

  usersTitle: { message: 'Users and roles', note: 'Admin, users: heading' },
  usersLoading: { message: 'Loading users...', note: 'Admin, users: while the list loads' },
  columnName: { message: 'Name', note: 'Admin, users: column of the person’s name' },
  columnEmail: { message: 'Email', note: 'Admin, users: column of the email address' },
  columnRole: { message: 'Role', note: 'Admin, users: column of the role' },
  columnReset: { message: 'Password reset', note: 'Admin, users: column with the password-reset link' },
  you: { message: '(you)', note: 'Admin, users: after the name of the admin looking at the list' },
  roleOf: { message: 'Role of {email}', note: 'Admin, users: hidden label of a role choice' },
  roleContributor: { message: 'Contributor', note: 'Admin, users: a role' },
  roleAdmin: { message: 'Admin', note: 'Admin, users: a role (community admin)' },
  resetGive: {
    message: 'Give this one-time link to {name} (valid 24 hours):',
    note: 'Admin, users: above a password-reset link just made',
  },
  resetLinkFor: {
    message: 'Reset link for {email}',
    note: 'Admin, users: screen-reader name of the link field',
  },
  createReset: { message: 'Create reset link', note: 'Admin, users: button' },

  speakersTitle: { message: 'Field speakers', note: 'Admin, field speakers: heading' },
  speakersIntro: {
    message:
      'People recorded by contributors who have no account. Their names stay here; datasets show the pseudonym.',
    note: 'Admin, field speakers: introduction',
  },
  speakersLoading: { message: 'Loading…', note: 'Admin, field speakers: while the list loads' },
  speakersNone: { message: 'No field speakers yet.', note: 'Admin, field speakers: empty list' },
  speakerSummary: {
    message: 'Added by {name} · {clips, plural, one {# recording} other {# recordings}} · {consent}',
    note: 'Admin, field speakers: who added the speaker, their recordings, and their consent (a sentence below)',
  },
  deletedAccount: {
    message: 'a deleted account',
    note: 'Admin, field speakers: in place of the name of who added a speaker, when that account is gone',
  },
  consentWithdrew: { message: 'Withdrew', note: 'Admin, field speakers: the speaker withdrew their consent' },
  consentBoth: {
    message: 'Consents to recordings and translations',
    note: 'Admin, field speakers: consent of a speaker',
  },
  consentRecording: {
    message: 'Consents to recordings',
    note: 'Admin, field speakers: consent of a speaker',
  },
  consentTranslation: {
    message: 'Consents to translations',
    note: 'Admin, field speakers: consent of a speaker',
  },
  consentNone: { message: 'No consent recorded', note: 'Admin, field speakers: consent of a speaker' },
  openSpoken: {
    message: 'Open the spoken consent',
    note: 'Admin, field speakers: button that plays the recording of the speaker giving consent',
  },
  openPhoto: {
    message: 'Open the photo of the signed form',
    note: 'Admin, field speakers: button that shows the photo of the signed consent form',
  },
  spokenOf: {
    message: '{name}: spoken consent',
    note: 'Admin, field speakers: screen-reader name of the consent recording',
  },
  photoOf: {
    message: '{name}: photo of the signed form',
    note: 'Admin, field speakers: text alternative of the photo of a consent form',
  },
});

export const adminImport = defineMessages('admin-import', {
  tooLarge: {
    message: 'The file is larger than {mb} MB. Split it into smaller files.',
    note: 'Admin imports: error under the file field',
  },
  importing: {
    message: 'Importing...',
    note: 'Admin imports: the button and status while a file is imported',
  },
  reviewTranslations: {
    message:
      'Send imported translations to community review instead of approving them (each then waits for {count} approvals)',
    note: 'Admin, import of translation pairs: checkbox; count is how many approvals a proposal needs',
  },
  reviewEntries: {
    message:
      'Send imported entries to community review instead of approving them (each then waits for {count} approvals)',
    note: 'Admin, import of the lexicon: checkbox; count is how many approvals a proposal needs',
  },
  rowsFromHeader: {
    message: 'Row numbers count from the first row after the header.',
    note: 'Admin imports: above the list of refused rows of a CSV or TSV file',
  },
  reportAccepted: { message: 'Accepted', note: 'Admin, import report: rows accepted' },
  reportDuplicates: { message: 'Duplicates', note: 'Admin, import report: rows already there' },
  reportRefused: { message: 'Refused', note: 'Admin, import report: rows refused' },
  reportApproved: { message: 'Approved by you', note: 'Admin, import report: texts approved by the admin' },
  reportProposed: {
    message: 'Sent to community review',
    note: 'Admin, import report: texts that became proposals',
  },
  reportWaits: {
    message:
      '{count, plural, one {# imported text now waits for community review; models learn from it once approved.} other {# imported texts now wait for community review; models learn from them once approved.}}',
    note: 'Admin, import report: after an import sent to community review',
  },
  reportApprovedNote: {
    message: 'The imported texts count as approved by you; models may learn from them now.',
    note: 'Admin, import report: after an import approved by the admin',
  },
  refusedRows: { message: 'Refused rows', note: 'Admin, import report: heading of the refused rows' },
  row: { message: 'Row {row}:', note: 'Admin, import report: before the reason a row was refused' },
  moreRefused: {
    message: '{count, plural, one {...and # more refused row.} other {...and # more refused rows.}}',
    note: 'Admin, import report: under the list of refused rows, when not all are shown',
  },

  pairsTitle: { message: 'Import translation pairs', note: 'Admin, import of pairs: heading' },
  pairsIntro: {
    message:
      'A CSV or TSV file in UTF-8 whose first row names the columns {english}, {lopit} (may be empty) and {category} (greetings, family, numbers, food or time). At most {mb} MB and {rows} rows. Pairs already there are counted as duplicates and left unchanged. Lopit texts from a curated source count as approved by you, unless you send them to community review.',
    note: 'Admin, import of pairs: {english}, {lopit} and {category} are the column names, shown in bold and never translated; the category values (greetings, family, numbers, food, time) are what the file must contain: keep them in English',
  },
  pairsFile: { message: 'CSV or TSV file', note: 'Admin, import of pairs: label of the file field' },
  chooseCsv: {
    message: 'Choose a CSV or TSV file to import.',
    note: 'Admin imports: error when no file was chosen',
  },
  importPairs: { message: 'Import pairs', note: 'Admin, import of pairs: button' },

  promptsTitle: { message: 'Import prompt sentences', note: 'Admin, import of prompt sentences: heading' },
  promptsIntro: {
    message:
      'English sentences for contributors to read aloud and to translate: a CSV or TSV file in UTF-8 whose first row names the columns {english} and {category} (greetings, family, numbers, food or time). At most {mb} MB and {rows} rows. As in Common Voice, a sentence to read aloud has 1 to {words} words, no digits (write numbers as words) and no abbreviations; others are refused unless you import them anyway.',
    note: 'Admin, import of prompt sentences: {english} and {category} are column names, shown in bold and never translated; the category values are what the file must contain: keep them in English',
  },
  promptsFile: {
    message: 'CSV or TSV file of sentences',
    note: 'Admin, import of prompt sentences: label of the file field',
  },
  importPrompts: { message: 'Import sentences', note: 'Admin, import of prompt sentences: button' },
  promptsAnyway: {
    message: 'Import sentences that are hard to read aloud anyway (long ones, digits, abbreviations)',
    note: 'Admin, import of prompt sentences: checkbox',
  },
  promptsHard: {
    message: 'Imported although hard to read aloud',
    note: 'Admin, import of prompt sentences: heading of the sentences imported anyway',
  },

  lexiconTitle: { message: 'Lexicon', note: 'Admin, lexicon: heading' },
  lexiconIntro: {
    message:
      'Import a CSV or TSV file in UTF-8 whose first row names the columns {lopit}, {english} and optionally {partOfSpeech}, or a JSON list of such entries. At most {mb} MB and {rows} entries. An entry whose Lopit and English texts are already there (ignoring accents and case) counts as a duplicate and is not added again. Entries from a curated source count as approved by you and the translation engine uses them at once, unless you send them to community review.',
    note: 'Admin, lexicon: {lopit}, {english} and {partOfSpeech} are column names, shown in bold and never translated',
  },
  lexiconFile: { message: 'CSV, TSV or JSON file', note: 'Admin, lexicon: label of the file field' },
  chooseLexicon: {
    message: 'Choose a CSV, TSV or JSON file to import.',
    note: 'Admin, lexicon: error when no file was chosen',
  },
  importLexicon: { message: 'Import lexicon', note: 'Admin, lexicon: button' },
  lexiconRows: {
    message: 'Row numbers count from the first row after the header (or the first JSON entry).',
    note: 'Admin, lexicon: above the list of refused rows',
  },
  exportTitle: { message: 'Export', note: 'Admin, lexicon: heading of the export' },
  exportIntro: {
    message:
      'The whole lexicon. In CSV and TSV, cells that a spreadsheet would run as a formula start with an apostrophe.',
    note: 'Admin, lexicon: about the export',
  },
  exporting: { message: 'Exporting...', note: 'Admin, lexicon: a button while exporting' },
  exportAs: {
    message: 'Export {format}',
    note: 'Admin, lexicon: button; format is CSV, TSV or JSON',
  },
});

export const adminExports = defineMessages('admin-exports', {
  title: { message: 'Dataset exports', note: 'Admin, exports: heading' },
  intro: {
    message:
      'Zip archives for training speech and translation models elsewhere. Only contributions whose contributors consent now are included, and only what the community accepted (validated clips, approved translations) unless you ask for the full speech set; each archive has a manifest.json with counts, hours, consent form versions and the licence ({licence}, non-commercial). Speaker ids in the files are pseudonymous.',
    note: 'Admin, exports: introduction; licence is the licence’s name (e.g. CC BY-NC 4.0)',
  },
  loadFailed: {
    message: 'The export figures could not be loaded: {error}',
    note: 'Admin, exports: error; error is the reason',
  },
  tryAgain: { message: 'Try again', note: 'Admin, exports: button after an error' },
  loading: { message: 'Loading...', note: 'Admin, exports: while the figures load' },
  megabytes: { message: '{value} MB', note: 'Admin, exports: a size in megabytes' },
  sizeOf: { message: '{received} of {total}', note: 'Admin, exports: how much of a download has arrived' },
  saved: { message: 'Saved {file} ({size}).', note: 'Admin, exports: after a download' },
  cancelled: { message: 'Download cancelled.', note: 'Admin, exports: after a download was stopped' },
  failed: {
    message:
      'The {kind, select, asr {speech recognition dataset} tts {voice dataset} other {translation dataset}} could not be downloaded: {error}',
    note: 'Admin, exports: error; error is the reason',
  },
  interrupted: {
    message:
      'The download stopped after {size}: the connection or the server broke off. Try again; if it keeps stopping, the server log says why.',
    note: 'Admin, exports: error when a download breaks off',
  },
  asrTitle: { message: 'Speech recognition (ASR)', note: 'Admin, exports: heading of the speech dataset' },
  asrDescription: {
    message:
      "Transcribed Lopit recordings (never English) in Common Voice's layout (validated.tsv, invalidated.tsv, other.tsv with the votes; train, dev and test.tsv split by speaker; clip_durations.tsv; validated_sentences.tsv, unvalidated_sentences.tsv and reported.tsv of the sentences), as a Hugging Face audiofolder with train, dev and test folders, and with NeMo manifests. The manifest.json says how each file is read.",
    note: 'Admin, exports: what the speech dataset holds; file names stay as they are',
  },
  asrFigures: {
    message:
      '{clips, plural, one {# validated clip} other {# validated clips}}, {hours} hours, {speakers, plural, one {# speaker} other {# speakers}}. Not validated: {pending} waiting for votes, {reported} reported, {invalidated} invalidated. Left out of both sets: {untranscribed} without a transcript, {withoutConsent} without consent, {otherLanguage} not in Lopit.',
    note: 'Admin, exports: figures of the speech dataset',
  },
  asrDownloadFull: {
    message: 'Download full ASR set (research)',
    note: 'Admin, exports: button, when the full set is chosen',
  },
  asrDownload: { message: 'Download ASR dataset', note: 'Admin, exports: button' },
  clipsLegend: { message: 'Clips', note: 'Admin, exports: which clips go in the speech dataset' },
  setAccepted: {
    message: 'Validated clips only (for training)',
    note: 'Admin, exports: choice of clips',
  },
  setAll: {
    message:
      'Full set with review states, for research: every consented clip with its review state and votes (the file name says full)',
    note: 'Admin, exports: choice of clips',
  },
  audioLegend: { message: 'Audio', note: 'Admin, exports: the audio format of the speech dataset' },
  audioWav: {
    message:
      'WAV, 16 kHz mono: opens in every toolkit{ffmpeg, select, missing { (needs ffmpeg on the server)} other {}}',
    note: 'Admin, exports: audio format choice; the part in parentheses shows when the server lacks ffmpeg',
  },
  audioFlac: {
    message:
      'FLAC, 16 kHz mono: the same audio, smaller; the download starts once every clip is encoded{ffmpeg, select, missing { (needs ffmpeg on the server)} other {}}',
    note: 'Admin, exports: audio format choice; the part in parentheses shows when the server lacks ffmpeg',
  },
  audioOriginal: {
    message: 'As recorded, about {size}: WebM and MP4 clips need ffmpeg to open',
    note: 'Admin, exports: audio format choice',
  },
  ttsTitle: { message: 'Voice (TTS)', note: 'Admin, exports: heading of the voice dataset' },
  ttsDescription: {
    message:
      "One speaker's validated, transcribed recordings as LJSpeech: metadata.csv (id|text|normalised text) and 22,050 Hz mono WAV files.",
    note: 'Admin, exports: what the voice dataset holds',
  },
  ttsFigures: {
    message: '{clips, plural, one {# validated clip} other {# validated clips}}, {hours} hours of {speaker}.',
    note: 'Admin, exports: figures of the voice dataset; speaker is a pseudonymous speaker label',
  },
  ttsNone: {
    message: 'No speaker has consented, transcribed recordings that listeners have validated yet.',
    note: 'Admin, exports: no voice dataset possible yet',
  },
  ttsDownload: { message: 'Download voice dataset', note: 'Admin, exports: button' },
  ttsNeedsFfmpeg: {
    message: 'Converting to WAV needs ffmpeg on the server (Debian: apt-get install ffmpeg).',
    note: 'Admin, exports: notice when the server lacks ffmpeg; keep the command as it is',
  },
  speaker: { message: 'Speaker (most audio first)', note: 'Admin, exports: label of the speaker choice' },
  speakerOption: {
    message: '{name} ({label}{dialect}): {hours} h, {clips, plural, one {# clip} other {# clips}}',
    note: 'Admin, exports: a speaker in the choice; dialect is empty or “, ” and the dialect',
  },
  mtTitle: { message: 'Translation (MT)', note: 'Admin, exports: heading of the translation dataset' },
  mtDescription: {
    message: 'Approved English-Lopit pairs as TSV and TMX 1.4.',
    note: 'Admin, exports: what the translation dataset holds',
  },
  mtFigures: {
    message: '{pairs, plural, one {# approved pair.} other {# approved pairs.}}',
    note: 'Admin, exports: figures of the translation dataset',
  },
  mtDownload: { message: 'Download translation dataset', note: 'Admin, exports: button' },
  downloading: {
    message: 'Downloading {file}: {size}',
    note: 'Admin, exports: progress of a download; file is its name',
  },
  preparing: {
    message: ' — the server is preparing the archive...',
    note: 'Admin, exports: after the progress while nothing has arrived yet (starts with a space)',
  },
  downloadOf: {
    message: 'Download of {file}',
    note: 'Admin, exports: screen-reader name of the progress bar',
  },
  cancel: { message: 'Cancel download', note: 'Admin, exports: button' },
  zipArchive: {
    message: 'Zip archive',
    note: 'Admin, exports: the kind of file in the browser’s save dialog',
  },
});

export const adminLanguages = defineMessages('admin-languages', {
  title: { message: 'Interface languages', note: 'Admin, interface languages: heading' },
  intro: {
    message:
      'The languages the community translates the app into (under Translate the app). A language is offered in the language choice once {share} of its messages are approved; English shows where a translation is missing. Translators who work in their own tools can download a PO file and bring it back here; what it brings counts as approved by you.',
    note: 'Admin, interface languages: introduction; share is a percentage',
  },
  loading: { message: 'Loading languages…', note: 'Admin, interface languages: while the list loads' },
  none: { message: 'No languages added yet.', note: 'Admin, interface languages: empty list' },
  columnLanguage: { message: 'Language', note: 'Admin, interface languages: column' },
  columnApproved: { message: 'Approved messages', note: 'Admin, interface languages: column' },
  columnListed: { message: 'In the language choice', note: 'Admin, interface languages: column' },
  columnFile: { message: 'PO file', note: 'Admin, interface languages: column with the download button' },
  approvedShare: {
    message: '{approved} of {total} ({share})',
    note: 'Admin, interface languages: approved messages of a language; share is a percentage',
  },
  listed: {
    message: '✓ Offered',
    note: 'Admin, interface languages: the language is in the language choice',
  },
  notListed: {
    message: '◔ Not yet: {share} needed',
    note: 'Admin, interface languages: not in the language choice yet; share is the percentage needed',
  },
  download: { message: 'Download PO', note: 'Admin, interface languages: button' },
  downloadOf: {
    message: 'Download the PO file of {name}',
    note: 'Admin, interface languages: screen-reader name of the download button',
  },
  downloading: { message: 'Downloading…', note: 'Admin, interface languages: the button while downloading' },
  addTitle: { message: 'Add a language', note: 'Admin, interface languages: heading of the form' },
  code: { message: 'Code', note: 'Admin, interface languages: label of the language code field' },
  codeHint: {
    message: 'An ISO 639 code, such as lpx for Lopit.',
    note: 'Admin, interface languages: under the code field; keep lpx as it is',
  },
  name: {
    message: 'Name',
    note: 'Admin, interface languages: label of the field for the language’s name',
  },
  add: { message: 'Add language', note: 'Admin, interface languages: button' },
  adding: { message: 'Adding…', note: 'Admin, interface languages: the button while adding' },
  added: {
    message: '{name} ({code}) is added. Contributors can translate it now.',
    note: 'Admin, interface languages: after adding a language',
  },
  importTitle: { message: 'Import a PO file', note: 'Admin, interface languages: heading of the import' },
  importLanguage: { message: 'Language', note: 'Admin, interface languages: label of the language choice' },
  importFile: { message: 'PO file', note: 'Admin, interface languages: label of the file field' },
  chooseFile: {
    message: 'Choose a PO file to import.',
    note: 'Admin, interface languages: error when no file was chosen',
  },
  import: { message: 'Import PO file', note: 'Admin, interface languages: button' },
  importing: { message: 'Importing…', note: 'Admin, interface languages: the button while importing' },
  report: {
    message:
      '{approved, plural, one {# message approved} other {# messages approved}}, {unchanged} unchanged, {skipped, plural, one {# skipped} other {# skipped}}.',
    note: 'Admin, interface languages: the report of a PO import',
  },
  reportProposed: {
    message:
      '{count, plural, one {# entry marked fuzzy was sent to community review as your proposal.} other {# entries marked fuzzy were sent to community review as your proposals.}}',
    note: 'Admin, interface languages: in the report of a PO import, translations the file marked as uncertain (gettext’s “fuzzy” flag; keep the word fuzzy)',
  },
  skippedTitle: { message: 'Skipped', note: 'Admin, interface languages: heading of the skipped messages' },
});

export const adminPictures = defineMessages('admin-pictures', {
  title: { message: 'Picture prompts', note: 'Admin, picture prompts (issue 32): heading of the panel' },
  intro: {
    message:
      'Pictures that contributors answer aloud in Lopit, for speakers who read neither English nor Lopit. Record who made each picture and under what licence or permission it may be used. The server removes location and camera data before phones receive it.',
    note: 'Admin, picture prompts: introduction',
  },
  image: { message: 'Picture (JPEG, PNG or WebP)', note: 'Admin, picture prompts: label of the file field' },
  description: {
    message: 'Short English description',
    note: 'Admin, picture prompts: label; read aloud and used as the text alternative',
  },
  credit: {
    message: 'Who made it, or its source',
    note: 'Admin, picture prompts: label of the rights field naming the author or source',
  },
  licence: {
    message: 'Licence or permission',
    note: 'Admin, picture prompts: label of the rights field, e.g. CC BY 4.0 or a permission given in writing',
  },
  chooseImage: { message: 'Choose a picture to upload', note: 'Admin, picture prompts: no file chosen' },
  tooLarge: {
    message: 'This picture is larger than {mb} MB. Choose a smaller one.',
    note: 'Admin, picture prompts: the chosen file is too large; {mb} is a number',
  },
  upload: { message: 'Upload picture', note: 'Admin, picture prompts: button' },
  uploading: { message: 'Uploading…', note: 'Admin, picture prompts: while the picture is sent' },
  uploaded: {
    message: 'Uploaded. Phones receive it the next time they are online.',
    note: 'Admin, picture prompts: after an upload',
  },
  loading: { message: 'Loading the pictures…', note: 'Admin, picture prompts: while loading' },
  none: { message: 'No pictures yet.', note: 'Admin, picture prompts: the list is empty' },
  summary: {
    message:
      '{credit} · {licence} · {clips, plural, one {# clip} other {# clips}} · {retired, select, yes {retired} other {in the pack}}',
    note: 'Admin, picture prompts: one line per picture; {credit} who made it, {licence} its licence, {clips} how many clips answer it, {retired} yes when retired',
  },
  retire: {
    message: 'Retire',
    note: 'Admin, picture prompts: button; the picture leaves the phones, clips recorded from it keep it',
  },
  retireNamed: {
    message: 'Retire “{description}”',
    note: 'Admin, picture prompts: screen-reader name of the Retire button; {description} is the picture’s description',
  },
});
