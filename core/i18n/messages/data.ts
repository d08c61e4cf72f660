// The data dashboard (/data): totals, progress toward a first model, the review backlog, growth over time,
// recent speakers, contributions per dialect or village, and the lexicon preview.
import { defineMessages } from '../define.ts';

export const data = defineMessages('data', {
  title: { message: 'Data Dashboard', note: 'Heading of the data dashboard' },
  intro: {
    message: 'Everything the community has contributed so far.',
    note: 'Data dashboard: under the heading',
  },
  consentNote: {
    message:
      'Only contributions whose contributors consent now are counted: a withdrawn consent removes them at once.',
    note: 'Data dashboard: under the introduction',
  },
  audioHours: {
    message: 'Audio hours',
    note: 'Data dashboard: a tile of totals, a column of the tables (hours of recorded audio)',
  },
  speakers: { message: 'Speakers', note: 'Data dashboard: a tile of totals, a column of the dialect table' },
  translationPairs: { message: 'Translation pairs', note: 'Data dashboard: a tile of totals' },
  recordings: {
    message: 'Recordings',
    note: 'Data dashboard: a tile of totals, a column of the tables (number of recordings)',
  },
  approved: { message: 'approved', note: 'Data dashboard: under the number of translation pairs approved' },
  proposed: { message: 'proposed', note: 'Data dashboard: under the number of translation pairs proposed' },
  lopitForTraining: {
    message: 'Lopit for training',
    note: 'Data dashboard: under a total of usable Lopit speech (what the models learn from), beside “all collected”',
  },
  allCollected: {
    message: 'all collected',
    note: 'Data dashboard: under a total of all audio, recordings or speakers collected, in any language and review state',
  },
  tilesNote: {
    message:
      'Lopit for training: validated, transcribed Lopit recordings, leaving out those found silent or too short, as /training and the dataset exports count them. All collected: every recording, in any language, whatever its review.',
    note: 'Data dashboard: under the tiles, what the two figures of a tile count (/training names another page)',
  },
  hours: {
    message: '{hours, plural, one {# hour} other {# hours}}',
    note: 'Data dashboard: an amount of audio (at most two decimals)',
  },
  speakerCount: {
    message: '{count, plural, one {# speaker} other {# speakers}}',
    note: 'Data dashboard: a number of speakers, in the goals',
  },
  pairCount: {
    message: '{count, plural, one {# pair} other {# pairs}}',
    note: 'Data dashboard: a number of translation pairs, in the goals and the chart summary',
  },
  goalsTitle: { message: 'Progress toward a first model', note: 'Data dashboard: heading of the goals' },
  goalsNote: {
    message: 'The goals count only what the community has accepted. {clips} {pairs}',
    note: 'Data dashboard: under the goals heading; {clips} and {pairs} are the two sentences that say when a recording and a translation count',
  },
  acceptedClips: {
    message:
      'A recording counts once listeners have validated it: at least {votes} people other than its speaker voted, more of them up than down (or an admin decided).',
    note: 'Data dashboard: the rule that makes a recording count; {votes} is a number (2 or more)',
  },
  acceptedPairs: {
    message:
      'A translation counts once it is approved by {approvals} contributors other than its author (or by an admin).',
    note: 'Data dashboard: the rule that makes a translation count; {approvals} is a number (2 or more)',
  },
  goalAudio: { message: 'Hours of Lopit speech for training', note: 'Data dashboard: a goal' },
  goalSpeakers: { message: 'Speakers of Lopit speech for training', note: 'Data dashboard: a goal' },
  goalPairs: { message: 'Approved translation pairs', note: 'Data dashboard: a goal' },
  goalReached: {
    message: '{amount}: goal of {goal} reached',
    note: 'Data dashboard: beside a goal that is met; {amount} is e.g. “21 hours”, {goal} a number',
  },
  goalProgress: {
    message: '{value} of {goal} ({percent}%), {left} to go',
    note: 'Data dashboard: beside a goal, e.g. “2.25 of 20 hours (11%), 17.75 to go”; {goal} includes its unit',
  },
  goalLabel: {
    message: '{goal}: {progress}',
    note: 'Data dashboard: the progress bar of a goal, read by screen readers; {goal} is its name, {progress} how far it is',
  },
  backlogTitle: { message: 'Waiting for review', note: 'Data dashboard: heading of what waits for review' },
  backlogNote: {
    message: 'Until the community has checked them, these do not count toward the goals above.',
    note: 'Data dashboard: under “Waiting for review”, before two links',
  },
  listenLink: { message: 'Listen to clips', note: 'Data dashboard: link to the listening screen' },
  reviewLink: { message: 'Review translations', note: 'Data dashboard: link to the review screen' },
  clipsPending: {
    message: 'Clips waiting for votes',
    note: 'Data dashboard: a figure of the review backlog',
  },
  clipsReported: {
    message: 'Clips reported to the admins',
    note: 'Data dashboard: a figure of the review backlog',
  },
  proposalsWaiting: {
    message: 'Translations waiting for review',
    note: 'Data dashboard: a figure of the review backlog',
  },
  loading: { message: 'Loading...', note: 'Data dashboard: while a section is read' },
  speakersTitle: { message: 'Recent contributors', note: 'Data dashboard: heading of the speakers table' },
  noSpeakers: {
    message: 'No recordings yet, so no speakers to show.',
    note: 'Data dashboard: speakers table when nothing is recorded',
  },
  speakersCaption: {
    message: 'The {count} speakers who recorded most recently',
    note: 'Data dashboard: caption of the speakers table (screen readers)',
  },
  speaker: { message: 'Speaker', note: 'Data dashboard: column of the speakers table (a speaker’s code)' },
  ageGroup: { message: 'Age group', note: 'Data dashboard: column of the speakers table' },
  gender: { message: 'Gender', note: 'Data dashboard: column of the speakers table' },
  duration: {
    message: 'Total duration (s)',
    note: 'Data dashboard: column of the speakers table, in seconds',
  },
  notAvailable: {
    message: 'N/A',
    note: 'Data dashboard: speakers table, a detail the speaker did not give',
  },
  activityTitle: { message: 'Growth over time', note: 'Data dashboard: heading of the charts' },
  groupBy: { message: 'Group by', note: 'Data dashboard: label of the choice of day, week or month' },
  automatic: { message: 'Automatic', note: 'Data dashboard: “Group by” option chosen from the time span' },
  bucket: {
    message: '{bucket, select, day {Day} week {Week} other {Month}}',
    note: 'Data dashboard: “Group by” options',
  },
  noActivity: {
    message: 'Nothing contributed yet: the charts appear with the first recording or approved translation.',
    note: 'Data dashboard: charts on an empty database',
  },
  audioChart: { message: 'Audio hours (running total)', note: 'Data dashboard: title of a chart' },
  pairsChart: {
    message: 'Approved translation pairs (running total)',
    note: 'Data dashboard: title of a chart',
  },
  chartSummary: {
    message:
      '{total} in all, from {first} to {last}, one point per {bucket, select, day {day} week {week} other {month}}.',
    note: 'Data dashboard: under a chart; {total} is e.g. “3 hours” or “5 pairs”, {first} and {last} are dates',
  },
  axisHours: {
    message: '{value} h',
    note: 'Data dashboard: a label of the hours chart’s axis (h for hours)',
  },
  showTable: {
    message: 'Show the figures as a table',
    note: 'Data dashboard: opens the table under the charts',
  },
  timelineRegion: {
    message: 'Contributions over time (scrolls sideways on narrow screens)',
    note: 'Data dashboard: name of the scrolling box of the timeline table (screen readers)',
  },
  timelineCaption: {
    message: 'Contributions per {bucket, select, day {day} week {week} other {month}}, with running totals',
    note: 'Data dashboard: caption of the timeline table (screen readers)',
  },
  periodFrom: {
    message: '{bucket, select, day {Day from} week {Week from} other {Month from}}',
    note: 'Data dashboard: first column of the timeline table (the first day of each period)',
  },
  totalHours: {
    message: 'Total hours',
    note: 'Data dashboard: column of the timeline table (running total)',
  },
  pairsApproved: { message: 'Pairs approved', note: 'Data dashboard: column of the timeline table' },
  totalPairs: {
    message: 'Total pairs',
    note: 'Data dashboard: column of the timeline table (running total)',
  },
  timelineNote: {
    message: 'Counted from contributors who consent now. Translation pairs are dated by their latest change.',
    note: 'Data dashboard: under the charts',
  },
  dialectsTitle: { message: 'By dialect or village', note: 'Data dashboard: heading of the dialect table' },
  dialectsNote: {
    message:
      'As contributors describe themselves in their profile. Spellings that differ only in capital letters are counted together. This counts all audio collected; the Training page shows the Lopit speech for training by dialect and by speaker.',
    note: 'Data dashboard: under “By dialect or village”',
  },
  noDialects: {
    message: 'No consented contributions yet.',
    note: 'Data dashboard: dialect table when empty',
  },
  dialectsRegion: {
    message: 'Contributions by dialect or village (scrolls sideways on narrow screens)',
    note: 'Data dashboard: name of the scrolling box of the dialect table (screen readers)',
  },
  dialect: { message: 'Dialect or village', note: 'Data dashboard: first column of the dialect table' },
  translators: { message: 'Translators', note: 'Data dashboard: column of the dialect table' },
  pairs: { message: 'Pairs', note: 'Data dashboard: column of the dialect table (translation pairs)' },
  dialectNotGiven: {
    message: 'Not given',
    note: 'Data dashboard: dialect table, the row of contributors who gave no dialect or village',
  },
  shareOfAudio: {
    message: '({share}% of all audio)',
    note: 'Data dashboard: dialect table, after the hours of a dialect',
  },
  lexiconTitle: {
    message: 'Lexicon',
    note: 'Data dashboard: heading of the lexicon preview, and its search form',
  },
  searchLexicon: { message: 'Search the lexicon', note: 'Data dashboard: label of the lexicon search box' },
  searchPlaceholder: { message: 'Search Lopit or English', note: 'Data dashboard: lexicon search box' },
  search: { message: 'Search', note: 'Data dashboard: button of the lexicon search' },
  noMatch: {
    message: 'No lexicon entries match this search.',
    note: 'Data dashboard: lexicon search found nothing',
  },
  noEntries: {
    message: 'No lexicon entries yet: community admins can import a word list.',
    note: 'Data dashboard: the lexicon is empty',
  },
  showing: {
    message: 'Showing {shown} of {total, plural, one {# entry} other {# entries}}',
    note: 'Data dashboard: under the lexicon preview',
  },
});
