// Transcribe: contributors write what Lopit clips say, and check each other's transcripts.
import { defineMessages } from '../define.ts';

export const transcribe = defineMessages('transcribe', {
  title: { message: 'Transcribe', note: 'Heading of the screen where clips are transcribed' },
  intro: {
    message:
      'Listen to Lopit clips other people recorded and write what is said. A transcript is used once {count, number} other contributors approve it; it then teaches speech recognition.',
    note: 'Transcribe: introduction; count is how many approvals a transcript needs',
  },
  tabs: { message: 'Transcribe', note: 'Transcribe: name of the group of the two tabs, for screen readers' },
  tabWrite: { message: 'Write what is said', note: 'Transcribe: tab where clips are transcribed' },
  tabCheck: { message: 'Check transcripts', note: 'Transcribe: tab where others’ transcripts are reviewed' },
  clipPosition: {
    message: 'Clip {position, number} of {count, number}',
    note: 'Transcribe: heading of the clip on screen, among those on the phone',
  },
  transcriptPosition: {
    message: 'Transcript {position, number} of {count, number}',
    note: 'Check transcripts: the transcript on screen, among those on the phone',
  },
  saved: {
    message: 'Saved on this phone. It is sent when there is a connection, then others check it.',
    note: 'Transcribe: after saving a transcript',
  },
  skippedWrite: {
    message: 'Skipped: it comes back after the others.',
    note: 'Transcribe: after skipping a clip',
  },
  emptyWrite: {
    message:
      'No clip is waiting for a transcript that you can write. New ones arrive as people record in Lopit.',
    note: 'Transcribe: when no clip waits',
  },
  approved: { message: 'Approved.', note: 'Check transcripts: after approving' },
  rejected: { message: 'Rejected, with your reason.', note: 'Check transcripts: after rejecting' },
  skippedCheck: { message: 'Skipped.', note: 'Check transcripts: after skipping' },
  emptyCheck: {
    message: 'You have checked every transcript waiting for review, or the ones waiting are your own.',
    note: 'Check transcripts: when nothing waits',
  },
  offlineClips: {
    message:
      'Offline: {count, plural, one {# clip} other {# clips}} loaded on this phone; what you do is sent when you are back online.',
    note: 'Transcribe, offline: how many clips the phone holds',
  },
  offlineTranscripts: {
    message:
      'Offline: {count, plural, one {# transcript} other {# transcripts}} loaded on this phone; what you do is sent when you are back online.',
    note: 'Check transcripts, offline: how many transcripts the phone holds',
  },
  bringing: { message: 'Bringing clips to this phone…', note: 'Transcribe: while clips download' },
  unreachable: {
    message:
      'Clips to transcribe need a connection to arrive: open this page where there is a signal. What you already wrote waits on this phone and is sent then.',
    note: 'Transcribe: when clips cannot be fetched',
  },
  lookAgain: { message: 'Look again', note: 'Transcribe: button fetching clips again' },
  loadingClip: { message: 'Loading the clip…', note: 'Transcribe: while the clip’s audio loads' },
  spokenTranslationOf: {
    message: 'A spoken translation of:',
    note: 'Transcribe: above the English sentence the clip translates',
  },
  titled: {
    message: 'Titled “{title}” by its speaker',
    note: 'Transcribe: the title the speaker gave a free recording',
  },
  clipToTranscribe: { message: 'The clip to transcribe', note: 'Transcribe: name of the audio player' },
  speed: {
    message: 'Playback speed',
    note: 'Transcribe: name of the group of buttons that play the clip slower (pitch kept)',
  },
  speedChoice: {
    message: '{rate, number}×',
    note: 'Transcribe: one playback speed, e.g. 0.75× (times the normal speed)',
  },
  theClip: { message: 'The clip', note: 'Check transcripts: name of the audio player' },
  duration: {
    message: '{seconds} seconds. Play it as often as you need.',
    note: 'Transcribe: under the player; seconds is the clip’s length, e.g. 3.5',
  },
  textLabel: { message: 'What is said, in Lopit', note: 'Transcribe: label of the transcript field' },
  writeOrSkip: {
    message: 'Write what is said, or skip this clip',
    note: 'Transcribe: error when saving an empty transcript',
  },
  save: { message: 'Save', note: 'Transcribe: button saving the transcript' },
  skip: { message: 'Skip', note: 'Transcribe and Check transcripts: button leaving this one for later' },
  question: { message: 'Does the clip say this?', note: 'Check transcripts: the question asked' },
  transcript: { message: 'Transcript', note: 'Check transcripts: label of the transcript checked' },
  votes: {
    message:
      '{approvals, plural, one {# approval} other {# approvals}}, {rejections, plural, one {# rejection} other {# rejections}}',
    note: 'Check transcripts: the reviews the transcript has',
  },
  byAuthor: {
    message: 'by {name}, {votes}',
    note: 'Check transcripts: who wrote the transcript, then its reviews',
  },
  alsoWritten: {
    message: 'Also written for this clip',
    note: 'Check transcripts: heading of other transcripts of the same clip',
  },
  yours: { message: 'yours', note: 'Check transcripts: marks the viewer’s own transcript' },
  rejectReason: {
    message: 'What is wrong with it?',
    note: 'Check transcripts: label of the reason for rejecting',
  },
  sayWhy: {
    message: 'Say why this transcript is wrong',
    note: 'Check transcripts: error when rejecting without a reason',
  },
  sendRejection: { message: 'Send rejection', note: 'Check transcripts: button' },
  cancel: { message: 'Cancel', note: 'Check transcripts: button closing the rejection form' },
  approve: { message: 'Approve', note: 'Check transcripts: button' },
  reject: { message: 'Reject', note: 'Check transcripts: button opening the rejection form' },
});

/** /repeat (issue 32, as Aikuma's respeaking): a clip played back and repeated slowly, to help its transcription. */
export const repeat = defineMessages('repeat', {
  title: { message: 'Repeat', note: 'Repeat page: heading' },
  intro: {
    message:
      'Listen to a Lopit clip that nobody has written down yet, then say the same words again, slowly and clearly. No reading is needed. Your repetition helps the person who writes the clip down.',
    note: 'Repeat page: introduction',
  },
  theClip: { message: 'The clip to repeat', note: 'Repeat page: name of the audio player' },
  howTo: {
    message: 'Listen as often as you need, then press the button and say the same words slowly.',
    note: 'Repeat page: under the clip, before recording',
  },
  start: { message: 'Repeat it slowly', note: 'Repeat page: the large button starting the recording' },
  saved: {
    message: 'Saved on this phone. It is sent when there is a connection, with the clip it repeats.',
    note: 'Repeat page: after saving a repetition',
  },
  skipped: {
    message: 'Skipped: it comes back after the others.',
    note: 'Repeat page: after skipping a clip',
  },
  empty: {
    message: 'No clip is waiting to be repeated. New ones arrive as people record in Lopit.',
    note: 'Repeat page: when no clip waits',
  },
  offlineClips: {
    message:
      'No connection. {count, plural, one {# clip is} other {# clips are}} on this phone to repeat; your repetitions are sent later.',
    note: 'Repeat page: offline, with clips kept on the phone',
  },
  helpHeading: {
    message: 'Said again slowly',
    note: 'Transcribe: heading above the repetition of the clip (someone repeating it slowly), offered as help',
  },
  helpPlayer: {
    message: 'The clip said again slowly',
    note: 'Transcribe: name of the audio player of the repetition',
  },
});
