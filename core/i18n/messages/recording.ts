// /recording: the recorder (what to record, the live level, listening back), imported files and 'Your
// Recordings'; the recorder's states and errors (the Speak screen shows them too); the quality verdict's words.
import { defineMessages } from '../define.ts';

export const recording = defineMessages('recording', {
  title: { message: 'Audio Recording', note: 'Recording page: heading' },
  intro: {
    message:
      'Record Lopit speech, or import audio files. Recordings are kept on this phone and sent when there is a connection, even days later.',
    note: 'Recording page: introduction under the heading',
  },
  // The recorder
  recordNew: { message: 'Record New Audio', note: 'Recording page: heading of the recorder card' },
  whatToRecord: { message: 'What to record', note: 'Recorder: legend of the choice between the two modes' },
  modePrompted: {
    message: 'Read a Lopit sentence aloud',
    note: 'Recorder: mode option (a Lopit sentence is shown)',
  },
  modeFree: {
    message: 'Record freely (a story, a song, a conversation)',
    note: 'Recorder: mode option (no sentence, the contributor says what they like)',
  },
  noLopitSentence: {
    message:
      'No sentence has an approved Lopit text yet. Add some in the Translation Editor, or record freely in Lopit.',
    note: 'Recorder: no sentence to read in Lopit; “Translation Editor” is the /translation page',
  },
  anotherSentence: {
    message: 'Another sentence',
    note: 'Recorder: button showing the next sentence to read',
  },
  titleOptional: { message: 'Title (optional)', note: 'Recorder, free mode: label' },
  whatIsSaid: { message: 'What is said (optional)', note: 'Recorder, free mode: label of the transcript' },
  savedOnPhone: {
    message: 'Saved on this phone. It will be uploaded when there is a connection.',
    note: 'Recorder and Speak: after saving a recording',
  },
  interrupted: {
    message: 'A recording from {date} was interrupted; about {seconds} s were kept.',
    note: 'Recorder: a recording cut off by a crash or a closed tab; date and time it started, seconds kept',
  },
  keepIt: { message: 'Keep it', note: 'Recorder: button keeping an interrupted recording' },
  discardIt: { message: 'Discard it', note: 'Recorder: button deleting an interrupted recording' },
  start: { message: 'Start recording', note: 'Recorder: button' },
  starting: {
    message: 'Starting the microphone…',
    note: 'Recorder and Speak: the record button while the microphone starts',
  },
  stop: { message: 'Stop', note: 'Recorder and Speak: button stopping the recording' },
  finishing: {
    message: 'Finishing…',
    note: 'Recorder and Speak: the stop button while the last half second is recorded',
  },
  // While recording
  elapsed: {
    message: 'Recording {elapsed} s of at most {max} s',
    note: 'Recorder and Speak: the timer while recording (seconds)',
  },
  micLevel: {
    message: 'Microphone level',
    note: 'Recorder and Speak: screen-reader name of the level meter',
  },
  levelValue: {
    message: '{percent, number, percent}, {level}',
    note: 'Recorder: what a screen reader says of the level meter; level is one of the level words',
  },
  level: { message: 'Level: {level}', note: 'Recorder and Speak: under the level meter' },
  levelQuiet: { message: 'very quiet', note: 'Recorder: level word (“Level: very quiet”)' },
  levelLoud: { message: 'too loud', note: 'Recorder: level word (“Level: too loud”)' },
  levelGood: { message: 'good', note: 'Recorder: level word (“Level: good”)' },
  warnQuiet: {
    message: 'We hear almost nothing: is the microphone covered? Hold the phone closer to the speaker.',
    note: 'Recorder and Speak: warning while recording, nothing heard for a few seconds',
  },
  warnLoud: {
    message: 'Too loud: the sound distorts. Hold the phone a little further away.',
    note: 'Recorder and Speak: warning while recording, the sound is at full scale',
  },
  // Listening back
  listenBefore: {
    message: 'Listen before saving ({seconds} s):',
    note: 'Recorder and Speak: above the player of the clip just recorded; seconds is its length',
  },
  mayNotBeUsable: {
    message: 'This recording may not be usable.',
    note: 'Recorder and Speak: heading of the problems found in the clip just recorded',
  },
  problem: {
    message: '{label}. {advice}',
    note: 'Recorder and Speak: one problem of a clip, its name (“Too quiet”) then what to do',
  },
  recordAgain: { message: 'Record again', note: 'Recorder and Speak: button' },
  saveAnyway: {
    message: 'Save anyway',
    note: 'Recorder and Speak: save button of a clip that may not be usable',
  },
  save: { message: 'Save recording', note: 'Recorder and Speak: button' },
  discard: { message: 'Discard', note: 'Recorder and Speak: button deleting the clip just recorded' },
  // The recorder's errors
  micRefused: {
    message:
      'Microphone permission was refused. Allow the microphone for this site in your browser settings, then try again.',
    note: 'Recorder and Speak: error',
  },
  micMissing: {
    message: 'No microphone was found on this device. Connect one, or import an audio file instead.',
    note: 'Recorder and Speak: error',
  },
  micBusy: {
    message: 'The microphone is in use by another app. Close that app and try again.',
    note: 'Recorder and Speak: error',
  },
  micFailed: {
    message: 'The microphone could not be started: {reason}.',
    note: 'Recorder and Speak: error; reason is the browser’s words (often English)',
  },
  unknownError: { message: 'unknown error', note: 'Recorder: the reason when the browser gives none' },
  cannotRecord: {
    message: 'This browser cannot record audio. Import an audio file instead.',
    note: 'Recorder and Speak: error',
  },
  notLoaded: {
    message:
      'The recorder could not be loaded: this page was opened before the app was ready for offline use. Reconnect once and open the page again.',
    note: 'Recorder and Speak: error',
  },
  storageFull: {
    message:
      "This phone's storage is full, so the recording was stopped. What was recorded until now is kept: save it from the notice above. Free some space (delete photos, videos or other apps' files), then record again.",
    note: 'Recorder and Speak: error when the phone has no room left',
  },
  storageFailed: {
    message:
      'The recording could not be saved on this phone ({reason}), so it was stopped. What was recorded until now is kept: save it from the notice above.',
    note: 'Recorder and Speak: error; reason is the browser’s words (often English)',
  },
  // Import
  importTitle: { message: 'Import audio files', note: 'Recording page: heading of the import card' },
  chooseFiles: {
    message: 'Choose one or more audio files',
    note: 'Recording page: label of the file picker',
  },
  notAudio: {
    message: '{file} is not an audio file and was not added.',
    note: 'Recording page: after choosing files; file is the file’s name',
  },
  added: {
    message: '{file} was added and will be uploaded.',
    note: 'Recording page: after choosing files; file is the file’s name',
  },
  // Your Recordings
  yours: {
    message: 'Your Recordings',
    note: 'Recording page: heading of the list of the contributor’s recordings',
  },
  offlineList: {
    message: 'You are offline: only the recordings on this phone are shown.',
    note: 'Your Recordings: no connection',
  },
  loadFailed: {
    message: 'Failed to load recordings: {reason}',
    note: 'Your Recordings: error; reason is the server’s words',
  },
  notDeleted: {
    message: 'The recording was not deleted: {reason}',
    note: 'Your Recordings: error; reason is the server’s or the phone’s words',
  },
  loading: { message: 'Loading...', note: 'Your Recordings: while the list loads' },
  empty: {
    message: 'No recordings yet. Upload or record audio to get started.',
    note: 'Your Recordings: empty list',
  },
  colWhat: {
    message: 'Recording',
    note: 'Your Recordings: column heading (what was said, who spoke, in which language)',
  },
  translationOf: {
    message: 'Spoken translation of “{english}”',
    note: 'Your Recordings: a spoken translation; english is the English sentence it translates',
  },
  spokenByYou: { message: 'You', note: 'Your Recordings: who spoke, the signed-in contributor' },
  spokenBySomeone: {
    message: 'A speaker you recorded',
    note: 'Your Recordings: who spoke, a field speaker whose name is not on this phone',
  },
  spokenIn: {
    message: '{speaker} · {language, select, lpx {Lopit} en {English} other {language not given}}',
    note: 'Your Recordings: who spoke and in which language; speaker is a name, You, or A speaker you recorded',
  },
  colDuration: { message: 'Duration', note: 'Your Recordings: column heading' },
  colRecorded: { message: 'Recorded', note: 'Your Recordings: column heading (when it was recorded)' },
  colStatus: { message: 'Status', note: 'Your Recordings: column heading' },
  colActions: { message: 'Actions', note: 'Your Recordings: column heading of the buttons' },
  seconds: { message: '{seconds} s', note: 'Your Recordings: a duration in seconds' },
  statusNotAccepted: {
    message: 'Not accepted: {reason}',
    note: 'Your Recordings: the server refused the upload; reason is the server’s words',
  },
  statusRefused: { message: 'refused', note: 'Your Recordings: the reason when the server gives none' },
  statusUploading: {
    message: 'Uploading {percent, number, percent}',
    note: 'Your Recordings: status while uploading',
  },
  statusWaiting: {
    message: 'Waiting to upload',
    note: 'Your Recordings: status of a recording on the phone',
  },
  statusUploaded: { message: 'Uploaded', note: 'Your Recordings: status of a recording on the server' },
  statusChecking: {
    message: 'Checking the sound…',
    note: 'Your Recordings: status of a recording the server has stored and is still decoding and measuring',
  },
  statusCheckFailed: {
    message: 'Sound not usable: {reason}',
    note: 'Your Recordings: the server stored the recording but could not use its audio; reason is the server’s words',
  },
  tryAgain: { message: 'Try again', note: 'Your Recordings: button sending a refused upload again' },
  tryAgainLabel: {
    message: 'Try uploading {file} again',
    note: 'Your Recordings: screen-reader name of the Try again button; file is what the recording holds (its title, the sentence said, or its file name)',
  },
  play: { message: 'Play', note: 'Your Recordings: button' },
  playLabel: {
    message: 'Play {file}',
    note: 'Your Recordings: screen-reader name of the Play button; file is what the recording holds (its title, the sentence said, or its file name)',
  },
  download: { message: 'Download', note: 'Your Recordings: button' },
  downloadLabel: {
    message: 'Download {file}',
    note: 'Your Recordings: screen-reader name of the Download button; file is what the recording holds (its title, the sentence said, or its file name)',
  },
  delete: { message: 'Delete', note: 'Your Recordings: button, and the confirming button of the dialog' },
  deleteLabel: {
    message: 'Delete {file}',
    note: 'Your Recordings: screen-reader name of the Delete button; file is what the recording holds (its title, the sentence said, or its file name)',
  },
  showMore: { message: 'Show more', note: 'Your Recordings: button loading more of the list' },
  deleteTitle: { message: 'Delete this recording?', note: 'Your Recordings: title of the confirming dialog' },
  deleteLocal: {
    message: 'It has not been uploaded yet: deleting it removes it from this phone for good.',
    note: 'Your Recordings: confirming dialog, a recording still on the phone',
  },
  deleteServer: {
    message: 'It will be removed from the server and from every future dataset.',
    note: 'Your Recordings: confirming dialog, an uploaded recording',
  },
  cancel: { message: 'Cancel', note: 'Your Recordings: button of the confirming dialog' },
});

/** The problems of a recording's quality verdict (core/audio/quality.ts), as a list item's words. */
export const qualityLabels = defineMessages('recording-quality', {
  tooShort: { message: 'Too short', note: 'A recording’s problem: shorter than a sentence needs' },
  tooLong: { message: 'Too long', note: 'A recording’s problem: longer than a recording may be' },
  silent: { message: 'Silent', note: 'A recording’s problem: nothing was heard' },
  quiet: { message: 'Too quiet', note: 'A recording’s problem: hard to hear' },
  clipped: { message: 'Distorted', note: 'A recording’s problem: too loud, the sound is distorted' },
});

/** The same problems inside a sentence (“The server flagged this clip: too quiet, too short.”). */
export const qualityWords = defineMessages('recording-quality-inline', {
  tooShort: {
    message: 'too short',
    note: 'Listen: a clip’s problem inside a sentence (lower case in English)',
  },
  tooLong: {
    message: 'too long',
    note: 'Listen: a clip’s problem inside a sentence (lower case in English)',
  },
  silent: { message: 'silent', note: 'Listen: a clip’s problem inside a sentence (lower case in English)' },
  quiet: { message: 'too quiet', note: 'Listen: a clip’s problem inside a sentence (lower case in English)' },
  clipped: {
    message: 'distorted',
    note: 'Listen: a clip’s problem inside a sentence (lower case in English)',
  },
});

/** What happened and what to do, for the contributor who just recorded (or the list's tooltip). */
export const qualityAdvice = defineMessages('recording-quality-advice', {
  tooShort: {
    message: 'Shorter than {seconds} s: start recording, then say the whole sentence before you stop.',
    note: 'Advice for a recording that is too short; seconds is the shortest length',
  },
  tooLong: {
    message: 'Longer than a recording may be: record long stories in parts.',
    note: 'Advice for a recording that is too long',
  },
  silent: {
    message: 'Nothing was heard: check that the microphone is not covered and that the speaker is close.',
    note: 'Advice for a silent recording',
  },
  quiet: {
    message:
      'Hard to hear: hold the phone closer to the speaker (about a hand’s width) or find a quieter place.',
    note: 'Advice for a quiet recording',
  },
  clipped: {
    message: 'Too loud, so the sound is distorted: hold the phone a little further from the speaker.',
    note: 'Advice for a distorted recording',
  },
});
