// What the list of waiting items (Settings → Sync) says of each change kept on the phone. The phone stores the
// message's id and its values with the item, so the list is written in whatever language is chosen when it is
// read, not the one of the moment the change was made.
import { defineMessages } from '../define.ts';

export const outbox = defineMessages('outbox', {
  recording: {
    message: 'Recording “{title}” ({length})',
    note: 'Waiting items: a recording to upload; {title} is its title, {length} minutes:seconds',
  },
  clipVote: {
    message: 'Vote “{vote, select, up {Yes} other {No}}” on the clip “{text}”',
    note: 'Waiting items: a listener’s vote on a clip; {text} is what the clip says',
  },
  clipReport: {
    message: 'Report of the clip “{text}”: {reason}',
    note: 'Waiting items: a report of a clip; {reason} is the reason chosen from the list',
  },
  proposalReview: {
    message: '{verdict, select, approve {Approval} other {Rejection}} of “{text}” for “{english}”',
    note: 'Waiting items: a review of a proposed translation {text} of the English sentence {english}',
  },
  wordReview: {
    message: '{verdict, select, approve {Approval} other {Rejection}} of the word “{word}” for “{english}”',
    note: 'Waiting items: a review of a word list entry {word} meaning {english}',
  },
  promptReport: {
    message: 'Report of “{english}”: {reason}',
    note: 'Waiting items: a report of a sentence to read aloud; {english} is the sentence',
  },
  newSpeaker: {
    message: 'New speaker “{name}”',
    note: 'Waiting items: a field speaker added on this phone; {name} is their name or pseudonym',
  },
  speakerConsent: {
    message: 'Consent of “{name}” ({kind, select, spoken {spoken} other {photo of the form}})',
    note: 'Waiting items: the consent of a field speaker, kept as a spoken recording or a photo of the signed form',
  },
  transcript: {
    message: 'Transcript “{text}” of a clip',
    note: 'Waiting items: a transcript; {text} is its beginning',
  },
  transcriptFor: {
    message: 'Transcript “{text}” of a clip for “{english}”',
    note: 'Waiting items: a transcript of a spoken translation; {english} is the sentence it translates',
  },
  sentence: {
    message: 'New sentence “{text}”',
    note: 'Waiting items: a Lopit sentence written to be read aloud; {text} is its beginning',
  },
  sentenceReport: {
    message: 'Report of the sentence “{text}”: {reason}',
    note: 'Waiting items: a report of a written Lopit sentence to read aloud; {text} is its beginning',
  },
  sentenceReview: {
    message: '{verdict, select, approve {Approval} other {Rejection}} of the sentence “{text}”',
    note: 'Waiting items: a review of a written Lopit sentence; {text} is its beginning',
  },
  transcriptReview: {
    message: '{verdict, select, approve {Approval} other {Rejection}} of the transcript “{text}”',
    note: 'Waiting items: a review of a transcript; {text} is its beginning',
  },
  translation: {
    message: 'Translation of “{english}”',
    note: 'Waiting items: a translation typed in the translation table or on Translate; {english} is the sentence',
  },
  consentGrant: {
    message: 'Consent: {choice}',
    note: 'Waiting items: your consent; {choice} is the kind chosen, e.g. “Full Contribution”',
  },
  consentWithdrawal: {
    message: 'Withdrawal of consent',
    note: 'Waiting items: you withdrew your consent',
  },
  speakerWithdrawal: {
    message: 'Withdrawal of “{name}”',
    note: 'Waiting items: a field speaker withdrew their consent',
  },
});

/**
 * The notice of changes the phone dropped unsent because what they were about is gone for good (a clip removed
 * or its speaker's consent withdrawn, a text no longer open): Settings → Sync, Listen, Review and Transcribe.
 */
export const droppedNotice = defineMessages('outbox-dropped', {
  vote: {
    message:
      '{count, plural, one {# vote was for a clip that is no longer available.} other {# votes were for clips that are no longer available.}}',
    note: 'Notice after sync: votes dropped because their clip was removed or its speaker withdrew consent',
  },
  report: {
    message:
      '{count, plural, one {# report was for a clip that is no longer available.} other {# reports were for clips that are no longer available.}}',
    note: 'Notice after sync: reports of clips dropped because the clip is gone',
  },
  review: {
    message:
      '{count, plural, one {# review was for something no longer open for review.} other {# reviews were for things no longer open for review.}}',
    note: 'Notice after sync: reviews of translations, words or transcripts dropped because the text is gone',
  },
  transcript: {
    message:
      '{count, plural, one {# transcript was for a clip that is no longer available.} other {# transcripts were for clips that are no longer available.}}',
    note: 'Notice after sync: transcripts dropped because their clip was removed or its speaker withdrew consent',
  },
  repetition: {
    message:
      '{count, plural, one {# repetition was of a clip that is no longer available; it was removed from this phone.} other {# repetitions were of clips that are no longer available; they were removed from this phone.}}',
    note: 'Notice after sync: recordings made in Repeat (a clip said again slowly) removed from the phone unsent, because the clip they repeat was removed or its speaker withdrew consent',
  },
  dismiss: { message: 'OK', note: 'Notice after sync: button that hides the notice' },
});
