// Field speakers: the Speakers page, the consent captured on the phone, and the "Who is speaking?" chooser
// shown on Speak, Translate and Recording.
import { defineMessages } from '../define.ts';

export const speakers = defineMessages('speakers', {
  title: { message: 'Speakers', note: 'Heading of the page listing the people a contributor records' },
  intro: {
    message:
      'People you record who have no account of their own. Their names stay on this phone and with the community admins; datasets show a random pseudonym instead. Record each speaker’s consent before their first recording.',
    note: 'Speakers: introduction under the heading',
  },
  consentSaved: {
    message:
      'Consent of {name} is saved on this phone. You can now record them: they are chosen on Speak and Translate.',
    note: 'Speakers: after saving a speaker’s consent; name is the speaker’s name',
  },
  chosen: {
    message: '{name} is speaking now, on Speak and Translate.',
    note: 'Speakers: after choosing a speaker to record; name is the speaker’s name',
  },
  withdrawalRecorded: {
    message:
      'The withdrawal of {name} is recorded. Their recordings leave every dataset and model from now on.',
    note: 'Speakers: after recording that a speaker withdrew; name is the speaker’s name',
  },
  addSpeaker: { message: 'Add a speaker', note: 'Speakers: button opening the form to add a speaker' },
  goToSpeak: { message: 'Go to Speak', note: 'Speakers: link to the Speak screen' },
  reading: { message: 'Reading the speakers on this phone…', note: 'Speakers: while the list loads' },
  empty: {
    message: 'No speakers yet. Add the first person you will record.',
    note: 'Speakers: when no speaker has been added',
  },
  speakingNow: {
    message: 'Speaking now',
    note: 'Speakers: button of the speaker already chosen (disabled)',
  },
  speakingNowBadge: { message: 'speaking now', note: 'Speakers: badge beside the chosen speaker’s name' },
  recordAs: { message: 'Record as this speaker', note: 'Speakers: button choosing a speaker to record' },
  speakerWithdrew: {
    message: 'Speaker withdrew',
    note: 'Speakers: button to record that a speaker takes back their consent',
  },
  recordConsent: {
    message: 'Record consent',
    note: 'Speakers: button opening the consent step of a speaker without consent',
  },
  age: {
    message: 'age {group}',
    note: 'Speakers: a speaker’s details; group is an age group such as 18 to 29',
  },
  noDetails: { message: 'No details given', note: 'Speakers: a speaker without age, gender or dialect' },
  withdrewOn: {
    message: 'Withdrew on {date}: no new recordings, and theirs are used nowhere.',
    note: 'Speakers: state of a speaker who withdrew; date is when',
  },
  consentRecorded: {
    message:
      'Consent recorded ({type, select, recording {recording} translation {translation} other {full}}): {evidence, select, spoken {spoken} photo {photo of the form} other {spoken and photo of the form}}',
    note: 'Speakers: state of a speaker whose consent is recorded: to what (recording, translation or full) and how (spoken, a photo of the signed form, or both)',
  },
  noConsent: {
    message: 'No consent recorded yet: record it before recording them.',
    note: 'Speakers: state of a speaker without consent',
  },
  inDatasets: {
    message: 'In datasets: {pseudonym}',
    note: 'Speakers: the random pseudonym that datasets show instead of the name',
  },
  pseudonymLater: {
    message: 'Pseudonym given once sent',
    note: 'Speakers: the speaker has not reached the server yet, so has no pseudonym',
  },
  clipsOnServer: {
    message: '{count, plural, one {# recording} other {# recordings}} on the server',
    note: 'Speakers: how many of the speaker’s recordings the server has',
  },
  addTitle: { message: 'Add a speaker', note: 'Speakers: heading of the form adding a speaker' },
  nameLabel: {
    message: 'Name or pseudonym, as they wish',
    note: 'Speakers: label of the speaker’s name field',
  },
  ageGroup: { message: 'Age group', note: 'Speakers: label of the age group choice' },
  gender: { message: 'Gender', note: 'Speakers: label of the gender choice' },
  notAsked: {
    message: 'Not asked',
    note: 'Speakers: first option of age group and gender, when the question was not asked',
  },
  dialect: { message: 'Dialect or village', note: 'Speakers: label of the dialect or home village field' },
  addAndConsent: {
    message: 'Add and record consent',
    note: 'Speakers: button adding the speaker, then asking their consent',
  },
  cancel: { message: 'Cancel', note: 'Speakers: button closing a form without saving' },
  withdrewTitle: {
    message: '{name} withdrew',
    note: 'Speakers: title of the dialog recording a withdrawal; name is the speaker’s name',
  },
  withdrawExplained: {
    message:
      'From now on no new recording of theirs is made, and the recordings they gave leave every dataset export and every model trained from now on.',
    note: 'Speakers: what a withdrawal means, in the withdrawal dialog',
  },
  withdrawNote: { message: 'Note (optional)', note: 'Speakers: label of the reason for a withdrawal' },
  withdrawNoteTooLong: {
    message: 'A note can be at most {max, number} characters',
    note: 'Speakers: error when the withdrawal note is too long',
  },
  recordWithdrawal: { message: 'Record the withdrawal', note: 'Speakers: button of the withdrawal dialog' },

  // The chooser on Speak, Translate and Recording.
  whoIsSpeaking: {
    message: 'Who is speaking?',
    note: 'Speak, Translate, Recording: label of the choice of who is recorded',
  },
  me: {
    message: 'Me (this account)',
    note: 'Who is speaking: the signed-in contributor themselves',
  },
  manage: { message: 'Add or manage speakers', note: 'Who is speaking: link to the Speakers page' },
  chooseSpeaker: {
    message: 'Choose who is speaking',
    note: 'Who is speaking: the empty choice shown when the app was opened again, before anyone is chosen',
  },
  askAgain: {
    message:
      'Choose who is speaking now, before you record: each recording is filed under the person chosen and their consent.',
    note: 'Who is speaking: shown when the app was opened again; nothing can be recorded until someone is chosen',
  },

  // The consent step.
  consentOf: {
    message: 'Consent of {name}',
    note: 'Consent step: heading; name is the speaker’s name',
  },
  consentText: {
    message:
      '{name}, we ask your permission to record your voice and, if you wish, the translations you say. Your recordings help build the first open speech and translation technology for the Lopit language. They are shared for non-commercial community use under CC-BY-NC-4.0 and are never sold. Your name is not shared: datasets show a pseudonym. You can withdraw at any time by telling the person recording you, or the community admins; from then on your recordings are used nowhere.',
    note: 'Consent step: the consent text shown to the speaker and read aloud to them by the phone; name is the speaker’s name. Keep CC-BY-NC-4.0 as it is',
  },
  readAloud: {
    message: 'Read it aloud',
    note: 'Consent step: button; the phone reads the consent text aloud',
  },
  stopReading: { message: 'Stop reading', note: 'Consent step: button while the phone reads aloud' },
  readInEnglish: {
    message: 'This phone has no voice for this language: it reads the English text aloud.',
    note: 'Consent step: when the phone cannot speak the interface language and reads the English instead',
  },
  cannotRead: {
    message: 'This phone cannot read aloud: read the text to the speaker.',
    note: 'Consent step: when the phone has no speech at all',
  },
  consentForm: {
    message: 'Lopit consent form (PDF)',
    note: 'Consent step: link to the printable consent form in Lopit',
  },
  agreesTo: { message: 'What they agree to', note: 'Consent step: heading of the choice of consent type' },
  typeRecording: { message: 'Voice recordings only', note: 'Consent step: a consent type' },
  typeTranslation: { message: 'Translations only', note: 'Consent step: a consent type' },
  typeFull: { message: 'Voice recordings and translations', note: 'Consent step: a consent type' },
  spokenTitle: {
    message: 'Their spoken consent',
    note: 'Consent step: heading of the recorded consent, and the label of its player',
  },
  spokenHint: {
    message: 'Ask them to say in their own words that they agree, and to what.',
    note: 'Consent step: under Their spoken consent',
  },
  stop: { message: 'Stop', note: 'Consent step: button stopping the recording of the spoken consent' },
  recordAgain: { message: 'Record again', note: 'Consent step: button replacing the spoken consent' },
  recordSpoken: { message: 'Record their consent', note: 'Consent step: button starting the recording' },
  tooLong: {
    message: 'This recording is too long. Record a shorter consent.',
    note: 'Consent step: error when the spoken consent is too large',
  },
  noMicrophone: {
    message:
      'The microphone could not be opened. Allow the microphone for this site, or take a photo of the form.',
    note: 'Consent step: error when the microphone is refused or missing',
  },
  photoTitle: { message: 'A photo of the signed form', note: 'Consent step: heading of the photo part' },
  takePhoto: { message: 'Take a photo, or choose one', note: 'Consent step: label of the photo field' },
  takeAnother: {
    message: 'Take another photo, or choose one',
    note: 'Consent step: label of the photo field once a photo is taken',
  },
  photoTooLarge: {
    message: 'This photo is too large. Take it again, closer to the form.',
    note: 'Consent step: error when the photo is too large',
  },
  photoAlt: {
    message: 'Signed consent form of {name}',
    note: 'Consent step: description of the photo for screen readers; name is the speaker’s name',
  },
  chooseType: {
    message: 'Choose what the speaker agrees to.',
    note: 'Consent step: error when no consent type is chosen',
  },
  needEvidence: {
    message: 'Record the spoken consent or take a photo of the signed form.',
    note: 'Consent step: error when there is neither a spoken consent nor a photo',
  },
  saveFailed: {
    message: 'The consent could not be saved on this phone: {reason}',
    note: 'Consent step: error when the phone’s storage refuses; reason is the browser’s words',
  },
  save: { message: 'Save consent', note: 'Consent step: button saving the consent' },
  notNow: { message: 'Not now', note: 'Consent step: button leaving without saving' },
});
