// Model training (/training): the three model types, their status, data readiness and runs, and (admins) the
// tokens of external training workers.
import { defineMessages } from '../define.ts';

export const training = defineMessages('training', {
  title: { message: 'Model Training', note: 'Training: heading of the page' },
  intro: {
    message: 'Models are trained from the community’s consented contributions.',
    note: 'Training: introduction under the heading',
  },
  offline: {
    message: 'You are offline.',
    note: 'Training: the status could not be read without a connection',
  },
  staleNotice: {
    message: '{problem} This is the status as this phone last read it, {date}.',
    note: 'Training: shown when the status could not be read; {problem} is “You are offline.” or the server’s error, {date} when the phone last read it',
  },
  notReadYet: {
    message: 'The training status is shown once this phone has read it with a connection.',
    note: 'Training: after “You are offline.” when this phone never read the status',
  },
  byStatus: {
    message: 'Models by status',
    note: 'Training: label (for screen readers) of the counts by status',
  },
  adminsOnly: {
    message: 'Only community admins start or stop training; you can follow it here.',
    note: 'Training: shown to contributors who are not admins',
  },
  trained: { message: 'Trained', note: 'Training: status of a model (count and card)' },
  training: { message: 'Training', note: 'Training: status of a model that is being trained now' },
  notTrained: { message: 'Not trained', note: 'Training: status of a model never trained' },
  error: { message: 'Error', note: 'Training: status of a model whose last run failed' },
  asrTitle: { message: 'Speech recognition (ASR)', note: 'Training: heading of the speech recognition card' },
  ttsTitle: { message: 'Text-to-speech (TTS)', note: 'Training: heading of the synthetic voice card' },
  mtTitle: { message: 'Machine translation (MT)', note: 'Training: heading of the machine translation card' },
  asrShort: {
    message: 'ASR',
    note: 'Training, workers: short name of speech recognition (a model a worker may train)',
  },
  ttsShort: { message: 'TTS', note: 'Training, workers: short name of text-to-speech' },
  mtShort: { message: 'MT', note: 'Training, workers: short name of machine translation' },
  asrNeeds: {
    message: 'Needs 20-50 hours of transcribed audio that listeners have validated, from 50+ speakers.',
    note: 'Training, speech recognition card: what the model needs',
  },
  ttsNeeds: {
    message: 'Needs 3-8 hours of validated, high-quality recordings of one speaker with the Omiaha accent.',
    note: 'Training, text-to-speech card: what the model needs; Omiaha is a place name',
  },
  mtNeeds: {
    message: 'Needs 10-30k approved Lopit-English sentence pairs with diverse vocabulary.',
    note: 'Training, machine translation card: what the model needs (30k: thirty thousand)',
  },
  trial: {
    message: 'A trial: trained on less data than this model needs (see below), so expect poor results.',
    note: 'Training, a card: a model trained before its data was enough',
  },
  progress: {
    message: 'Progress {percent}%',
    note: 'Training, a card: how far the run is; {percent} is a number',
  },
  lastTrained: { message: 'Last trained {date}', note: 'Training, a card: {date} is a date and time' },
  neverTrained: { message: 'Never trained', note: 'Training, a card' },
  progressLabel: {
    message: '{model} progress',
    note: 'Training, a card: label (for screen readers) of the progress bar; {model} is the card’s heading',
  },
  percent: { message: '{percent}%', note: 'Training: a percentage, read out by screen readers' },
  metricsTitle: { message: 'Metrics of the current model', note: 'Training, a card: subheading' },
  needsTitle: { message: 'What it needs', note: 'Training, a card: subheading' },
  dataNow: {
    message: '{model}: data now',
    note: 'Training, a card: label (for screen readers) of the list of figures; {model} is the card’s heading',
  },
  enough: {
    message: '(enough)',
    note: 'Training, a card: after a figure that meets its need (for screen readers)',
  },
  notYet: {
    message: '(not yet)',
    note: 'Training, a card: after a figure below its need (for screen readers)',
  },
  voiceSpeaker: {
    message: 'Voice speaker (most usable audio): {speaker}',
    note: 'Training, text-to-speech card: {speaker} is a speaker’s pseudonymous identifier',
  },
  workersRegistered: {
    message:
      'Training runs on an external worker (a GPU machine): {count, plural, one {# is registered.} other {# are registered.}}',
    note: 'Training, speech recognition card: how many external workers may train it',
  },
  start: { message: 'Start', note: 'Training, a card: button (admins) that starts a first run' },
  retrain: {
    message: 'Retrain',
    note: 'Training, a card: button (admins) that trains a trained model again',
  },
  starting: { message: 'Starting...', note: 'Training, a card: the start button while it is sent' },
  stop: { message: 'Stop', note: 'Training, a card: button (admins) that stops the run' },
  stopping: { message: 'Stopping...', note: 'Training, a card: the stop button once a stop was asked' },
  // Readiness figures.
  asrHoursLabel: {
    message: 'Validated, transcribed Lopit audio',
    note: 'Training, speech recognition: a figure',
  },
  asrSpeakersLabel: {
    message: 'Speakers with validated Lopit recordings',
    note: 'Training, speech recognition: a figure',
  },
  asrUtterancesLabel: {
    message: 'Validated, transcribed Lopit recordings',
    note: 'Training, speech recognition: a figure',
  },
  asrValidatedLabel: {
    message: 'Recorded audio validated by listeners',
    note: 'Training, speech recognition: a figure (a percentage)',
  },
  ttsHoursLabel: { message: 'Validated audio of one speaker', note: 'Training, text-to-speech: a figure' },
  ttsUtterancesLabel: {
    message: 'Their validated, transcribed recordings',
    note: 'Training, text-to-speech: a figure (of that one speaker)',
  },
  mtPairsLabel: { message: 'Approved sentence pairs', note: 'Training, machine translation: a figure' },
  mtWordsLabel: {
    message: 'Distinct Lopit words in them',
    note: 'Training, machine translation: a figure (in the approved pairs)',
  },
  hours: {
    message: '{count, plural, one {{value} hour} other {{value} hours}}',
    note: 'Training: a figure; {value} is the number as shown (1.5), {count} chooses the form',
  },
  speakers: {
    message: '{count, plural, one {{value} speaker} other {{value} speakers}}',
    note: 'Training: a figure; {value} is the number as shown',
  },
  recordings: {
    message: '{count, plural, one {{value} recording} other {{value} recordings}}',
    note: 'Training: a figure; {value} is the number as shown',
  },
  pairs: {
    message: '{count, plural, one {{value} pair} other {{value} pairs}}',
    note: 'Training: a figure; {value} is the number as shown',
  },
  words: {
    message: '{count, plural, one {{value} word} other {{value} words}}',
    note: 'Training: a figure; {value} is the number as shown',
  },
  percentValue: { message: '{value} %', note: 'Training: a figure, a percentage' },
  hoursOf: {
    message: '{value} of {range} hours',
    note: 'Training: a figure against its need (“1.5 of 20-50 hours”); {range} is “20-50” or “50+”',
  },
  speakersOf: { message: '{value} of {range} speakers', note: 'Training: a figure against its need' },
  recordingsOf: { message: '{value} of {range} recordings', note: 'Training: a figure against its need' },
  pairsOf: { message: '{value} of {range} pairs', note: 'Training: a figure against its need' },
  wordsOf: { message: '{value} of {range} words', note: 'Training: a figure against its need' },
  percentOf: { message: '{value} of {range} %', note: 'Training: a figure against its need' },
  range: { message: '{min}-{target}', note: 'Training: the need’s range (20-50)' },
  atLeast: { message: '{min}+', note: 'Training: a need with no upper end (50+)' },
  acceptedClips: {
    message:
      'A recording counts once listeners have validated it: at least {votes} people other than its speaker voted, more of them up than down (or an admin decided).',
    note: 'Training: how recordings are counted; {votes} is a number',
  },
  acceptedPairs: {
    message:
      'A translation counts once it is approved by {approvals} contributors other than its author (or by an admin).',
    note: 'Training: how translations are counted; {approvals} is a number',
  },
  ttsNote: {
    message:
      'Counts the speaker with the most validated, transcribed audio. {accepted} Accent (Omiaha) and recording quality beyond silence and clipping are not measured.',
    note: 'Training, text-to-speech card: {accepted} is the sentence “A recording counts once listeners have validated it…”',
  },
  speechTitle: {
    message: 'Lopit speech for training',
    note: 'Training: heading of the section of usable Lopit speech, per speaker and per dialect',
  },
  speechNote: {
    message:
      'Validated, transcribed Lopit recordings of speakers who consent now, leaving out those found silent or too short. /data and the dataset exports count the same.',
    note: 'Training, Lopit speech: what the figures count (/data and “dataset exports” name other parts of the platform)',
  },
  speechHours: {
    message: 'Audio',
    note: 'Training, Lopit speech: a total, and a column of the tables (length of audio: “21 s”, “2.5 hours”)',
  },
  speechClips: {
    message: 'Recordings',
    note: 'Training, Lopit speech: a total, and a column of the tables (clips; a segment of a long story counts as one)',
  },
  speechSpeakers: {
    message: 'Speakers',
    note: 'Training, Lopit speech: a total, and a column of the dialect table',
  },
  bySpeakerTitle: { message: 'By speaker', note: 'Training, Lopit speech: heading of the table per speaker' },
  bySpeakerNote: {
    message:
      'Who could be the voice: a voice needs {min}-{target} hours of one speaker with the Omiaha accent. Speakers are shown by a code, never by name.',
    note: 'Training, Lopit speech: under “By speaker”; {min}-{target} e.g. 3-8; Omiaha is a place name',
  },
  bySpeakerCaption: {
    message: 'Usable Lopit speech of the {count} speakers with the most audio',
    note: 'Training, Lopit speech: caption of the table per speaker (screen readers)',
  },
  speakerColumn: {
    message: 'Speaker',
    note: 'Training, Lopit speech: column of the pseudonymous speaker code',
  },
  dialectColumn: { message: 'Dialect or village', note: 'Training, Lopit speech: column of a dialect' },
  voiceColumn: {
    message: 'For a voice',
    note: 'Training, Lopit speech: column saying whether a speaker has enough audio for a voice',
  },
  voiceEnough: {
    message: 'Enough',
    note: 'Training, Lopit speech: a speaker has enough audio for a voice (beside a check mark)',
  },
  voiceToGo: {
    message: '{hours} h to go',
    note: 'Training, Lopit speech: hours a speaker still needs for a voice, e.g. “2.5 h to go”',
  },
  moreSpeakers: {
    message: '{count, plural, one {# more speaker} other {# more speakers}} with less audio.',
    note: 'Training, Lopit speech: under the table per speaker when not all are shown',
  },
  byDialectTitle: { message: 'By dialect', note: 'Training, Lopit speech: heading of the table per dialect' },
  byDialectCaption: {
    message: 'Usable Lopit speech per dialect or village, as given with each recording',
    note: 'Training, Lopit speech: caption of the table per dialect (screen readers)',
  },
  dialectNotGiven: {
    message: 'Not given',
    note: 'Training, Lopit speech: the row or cell of recordings given no dialect or village',
  },
  noSpeech: {
    message: 'No usable Lopit speech yet.',
    note: 'Training, Lopit speech: shown before any Lopit recording is validated and transcribed',
  },
  seconds: { message: '{value} s', note: 'Training: a short length of audio in seconds' },
  // Metrics.
  chrf: { message: 'chrF', note: 'Training: name of a translation score (usually kept as is)' },
  bleu: { message: 'BLEU', note: 'Training: name of a translation score (usually kept as is)' },
  chrfEnToLpx: { message: 'chrF English → Lopit', note: 'Training: a translation score, one direction' },
  bleuEnToLpx: { message: 'BLEU English → Lopit', note: 'Training: a translation score, one direction' },
  chrfLpxToEn: { message: 'chrF Lopit → English', note: 'Training: a translation score, one direction' },
  bleuLpxToEn: { message: 'BLEU Lopit → English', note: 'Training: a translation score, one direction' },
  pairsUsed: { message: 'Pairs used', note: 'Training: a metric' },
  trainPairs: { message: 'Training pairs', note: 'Training: a metric (pairs the model learned from)' },
  heldOutPairs: {
    message: 'Held-out pairs',
    note: 'Training: a metric (pairs kept apart to score the model)',
  },
  vocabularyEnglish: { message: 'English vocabulary', note: 'Training: a metric' },
  vocabularyLopit: { message: 'Lopit vocabulary', note: 'Training: a metric' },
  phrasePairs: { message: 'Phrase pairs', note: 'Training: a metric' },
  lexiconEntries: { message: 'Lexicon entries', note: 'Training: a metric' },
  modelBytes: { message: 'Model size (bytes)', note: 'Training: a metric' },
  phoneModelBytes: {
    message: 'Phone model bytes',
    note: 'Training: a metric (size of the model a phone downloads, in bytes)',
  },
  speaker: { message: 'Speaker', note: 'Training: a metric (the voice’s speaker)' },
  hoursMetric: { message: 'Hours', note: 'Training: a metric (hours of audio)' },
  utterances: { message: 'Utterances', note: 'Training: a metric (recordings used)' },
  speakersMetric: { message: 'Speakers', note: 'Training: a metric' },
  lexiconWords: { message: 'Lexicon words', note: 'Training: a metric' },
  lexiconWordsCovered: { message: 'Lexicon words covered', note: 'Training: a metric' },
  lexiconCoveragePercent: { message: 'Lexicon words covered (%)', note: 'Training: a metric' },
  wer: { message: 'WER', note: 'Training: word error rate (usually kept as is)' },
  cer: { message: 'CER', note: 'Training: character error rate (usually kept as is)' },
  // Run history.
  noRuns: { message: 'No runs yet.', note: 'Training, a card: no run of this model yet' },
  runHistory: {
    message: 'Run history ({count, plural, one {# run} other {# runs}})',
    note: 'Training, a card: the runs, opened on demand',
  },
  runsCaption: {
    message: '{model}: runs, newest first',
    note: 'Training: caption (for screen readers) of the runs table; {model} is the card’s heading',
  },
  run: { message: 'Run', note: 'Training, runs table: column heading (the run’s number)' },
  started: { message: 'Started', note: 'Training, runs table: column heading (when)' },
  result: { message: 'Result', note: 'Training, runs table: column heading (how it ended)' },
  figures: { message: 'Figures', note: 'Training, runs table: column heading (its scores, or its error)' },
  runNumber: { message: '#{id}', note: 'Training, runs table: a run’s number' },
  startedBy: {
    message: 'by {name}',
    note: 'Training, runs table: after the run’s number; {name} is a person',
  },
  figure: { message: '{name} {value}', note: 'Training, runs table: one score (“BLEU 12.5”)' },
  queued: { message: 'Queued', note: 'Training: a run waiting to start' },
  running: { message: 'Running', note: 'Training: a run under way' },
  succeeded: { message: 'Succeeded', note: 'Training: a run that ended well' },
  failed: { message: 'Failed', note: 'Training: a run that ended with an error' },
  stopped: { message: 'Stopped', note: 'Training: a run stopped by an admin' },
  // External workers (admins).
  workersTitle: { message: 'External workers', note: 'Training (admins): heading of the workers section' },
  workersIntro: {
    message:
      'Speech recognition (and, if you choose, a neural voice) trains on a GPU machine outside this server. Give that machine a worker token; it claims jobs at {endpoint} with {header} and the token.',
    note: 'Training (admins): {endpoint} is an address and {header} an HTTP header, both shown as code, not translated',
  },
  tokenCreated: {
    message: 'Token for {name}. Copy it now: it is not shown again.',
    note: 'Training (admins): after making a worker token; {name} is the worker’s name',
  },
  workerName: { message: 'Worker name', note: 'Training (admins): label of the field, and a column heading' },
  mayTrain: {
    message: 'May train',
    note: 'Training (admins): the models a worker may train (checkboxes, column)',
  },
  creating: { message: 'Creating...', note: 'Training (admins): the create button while it is sent' },
  createToken: { message: 'Create worker token', note: 'Training (admins): button' },
  loadingWorkers: { message: 'Loading workers...', note: 'Training (admins)' },
  noWorkers: { message: 'No worker tokens yet.', note: 'Training (admins)' },
  name: { message: 'Name', note: 'Training (admins), workers table: column heading' },
  lastSeen: { message: 'Last seen', note: 'Training (admins), workers table: column heading' },
  actions: {
    message: 'Actions',
    note: 'Training (admins), workers table: column heading (for screen readers)',
  },
  never: { message: 'Never', note: 'Training (admins), workers table: a worker never seen' },
  revoked: { message: 'Revoked', note: 'Training (admins), workers table: a token no longer valid' },
  revoke: { message: 'Revoke', note: 'Training (admins), workers table: button' },
  revokeLabel: {
    message: 'Revoke the token of {name}',
    note: 'Training (admins): label of the revoke button; {name} is the worker’s name',
  },
});
