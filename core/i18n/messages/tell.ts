// /tell (issue 32): free speech or a story, minutes long, recorded as one piece; and how Your Recordings shows one.
import { defineMessages } from '../define.ts';

export const tell = defineMessages('tell', {
  title: { message: 'Tell', note: 'Tell page: heading' },
  intro: {
    message:
      'Record a story or free speech in Lopit, as long as the speaker wishes, up to {minutes} minutes. No reading is needed. The server cuts it at the pauses into short pieces that others write down.',
    note: 'Tell page: introduction; {minutes} is the longest recording',
  },
  topic: { message: 'Topic or title (optional)', note: 'Tell page: label of the short title field' },
  topicHint: {
    message: 'A few words, e.g. "How the well was dug". Leave empty if you wish.',
    note: 'Tell page: hint under the title field',
  },
  start: { message: 'Start telling', note: 'Tell page: the large button starting the recording' },
  saved: {
    message:
      'Saved on this phone. It is sent when there is a connection, then cut into pieces. See it under Your recordings.',
    note: 'Tell page: after saving a recording',
  },
  story: { message: 'Story', note: 'Your recordings: tag of a Tell recording' },
  waiting: {
    message: 'Story: will be cut into pieces',
    note: 'Your recordings: a Tell recording not yet cut (on the phone or the server)',
  },
  cut: {
    message:
      'Story: cut into {segments, plural, one {# piece} other {# pieces}}, {transcribed, plural, one {# written down} other {# written down}}',
    note: 'Your recordings: a Tell recording cut into segments, and how many have an approved transcript',
  },
  failed: {
    message: 'Story: could not be cut into pieces; it is kept whole',
    note: 'Your recordings: a Tell recording the server could not cut',
  },
});
