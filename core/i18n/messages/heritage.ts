// Home and the heritage pages' frame (about, villages, culture, history). Their content (content/heritage)
// stays English for now; these are the headings, labels, markers and the home page's introduction.
import { defineMessages } from '../define.ts';

export const home = defineMessages('home', {
  title: { message: 'Preserving the Lopit language and heritage', note: 'Main heading of the home page' },
  lead: {
    message:
      'A community platform for the Lopit people of South Sudan and for everyone who wants to learn about their kingdom: its villages, traditions and history, a translator between English and Lopit, and a place to contribute recordings and translations for open Lopit language technology.',
    note: 'Introduction under the home page heading',
  },
  explore: { message: 'Explore the kingdom', note: 'Home: button to the kingdom overview' },
  tryTranslator: { message: 'Try the translator', note: 'Home: button to the chat translator' },
  transitionTitle: {
    message: 'The {date} transition',
    note: 'Home: heading; date is the date of the last handover of power',
  },
  transitionText: {
    message:
      'On {date} the {generation, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} generation took power for {years, number} years. Its term runs until {next}, when the next generation is expected to take over.',
    note: 'Home: the last handover of power; generation is its number (14th), years the length of a term, next the year of the next handover',
  },
  readHistory: { message: 'Read the history timeline', note: 'Home: link to the history page' },
  exploreHeading: { message: 'Explore', note: 'Home: heading above the cards linking to each part' },
  aboutTitle: { message: 'Kingdom overview', note: 'Home card title: link to the about page' },
  aboutText: {
    message: 'Heritage, location and governance of the kingdom, and how its generations hand on power.',
    note: 'Home card text: the about page',
  },
  villagesTitle: { message: 'Seven villages', note: 'Home card title: link to the villages page' },
  villagesText: {
    message:
      'The villages of the kingdom, with what is known about each and what still awaits the community.',
    note: 'Home card text: the villages page',
  },
  cultureTitle: { message: 'Culture and traditions', note: 'Home card title: link to the culture page' },
  cultureText: {
    message: 'The generation system, traditional governance, dances and the values behind them.',
    note: 'Home card text: the culture page',
  },
  historyTitle: { message: 'History', note: 'Home card title: link to the history page' },
  historyText: {
    message: 'A timeline of events, from oral history to the handover of 2022.',
    note: 'Home card text: the history page',
  },
  chatTitle: { message: 'Translate English and Lopit', note: 'Home card title: link to the chat translator' },
  chatText: {
    message: 'Ask the translator for a word or phrase and listen to how it is spoken.',
    note: 'Home card text: the chat translator',
  },
  consentTitle: { message: 'Contribute your voice', note: 'Home card title: link to recording consent' },
  consentText: {
    message:
      'Give recordings and translations to train open language models for the Lopit community, with your consent.',
    note: 'Home card text: contributing',
  },
  openTitle: {
    message: 'Open and community-owned',
    note: 'Home: heading of the section on licence and drafts',
  },
  openText: {
    message:
      'Contributions are shared under {licence} for non-commercial community use, and consent can be withdrawn at any time. The heritage pages are drafts until the community’s editors confirm them; anything not yet known is marked as awaiting community review.',
    note: 'Home: licence and drafts; licence is the licence name (CC-BY-NC-4.0)',
  },
  source: { message: 'Source code of this platform (external site)', note: 'Home: link to the source code' },
});

export const heritage = defineMessages('heritage', {
  figures: {
    message: 'The kingdom in figures',
    note: 'Hidden heading of the four figures on home and about',
  },
  statVillages: { message: 'Villages', note: 'Label of the number of villages' },
  statYearCycles: { message: 'Year cycles', note: 'Label of the length of a generation’s term in years' },
  statGeneration: { message: 'Generation in power', note: 'Label of the number of the generation in power' },
  statNext: { message: 'Next transition', note: 'Label of the year of the next handover of power' },
  ordinal: {
    message: '{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}',
    note: 'An ordinal number (14th); use the language’s own ordinal forms',
  },
  awaiting: { message: 'Awaiting community review', note: 'Marker wherever a fact is not known yet' },
  verified: { message: 'Verified by community editors', note: 'Badge of a confirmed heritage record' },
  draft: { message: 'Draft', note: 'Badge of a heritage record not yet confirmed' },
  sources: { message: 'Sources:', note: 'Before the list of sources of a heritage record' },
  noSources: { message: 'Sources: none yet.', note: 'When a heritage record has no source yet' },
  show: { message: 'Show', note: 'Culture accordion: opens a topic' },
  hide: { message: 'Hide', note: 'Culture accordion: closes a topic' },
  detailsAwaiting: {
    message: 'Details awaiting community review',
    note: 'Marker when a record has no details yet',
  },
  cultureTitle: { message: 'Culture and Traditions', note: 'Heading of the culture page' },
  cultureLead: {
    message:
      'How the kingdom is governed, how generations hand on power, and what the community keeps together.',
    note: 'Introduction of the culture page',
  },
  recentTransition: {
    message: 'The recent transition',
    note: 'Culture: heading of the last handover of power',
  },
  date: { message: 'Date', note: 'Label of a date in a record' },
  generation: { message: 'Generation', note: 'Label of the generation number' },
  generationValue: {
    message: '{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} generation',
    note: 'Culture: the generation’s number (14th generation)',
  },
  newGenerationName: { message: 'Name of the new generation', note: 'Culture: label' },
  term: { message: 'Term', note: 'Culture: label of the term of a generation' },
  termValue: {
    message: '{start} to {end} ({years, plural, one {# year} other {# years}})',
    note: 'Culture: the term, from start year to end year',
  },
  location: { message: 'Location', note: 'Label of a place' },
  attendees: { message: 'Attendees', note: 'Culture: label of who attended the handover' },
  traditions: { message: 'Traditions', note: 'Culture: heading of the topics' },
  coreValues: { message: 'Core values', note: 'Culture: heading of the community’s values' },
  historyTitle: { message: 'History', note: 'Heading of the history page' },
  historyLead: {
    message: 'Events in the life of the kingdom and its language. Choose an event to read its details.',
    note: 'Introduction of the history page',
  },
  timeline: { message: 'Timeline', note: 'History: heading of the list of events' },
  yearAwaiting: { message: 'Year awaiting review', note: 'History: marker when an event’s year is unknown' },
  typeAwaiting: { message: 'Type awaiting review', note: 'History: marker when an event’s type is unknown' },
  typeBadge: { message: 'Type: {type}', note: 'History: badge with the event’s type' },
  type: { message: 'Type', note: 'History: label of an event’s type' },
  details: { message: 'Details', note: 'History: heading of an event’s details' },
  typeGovernance: { message: 'Governance', note: 'History: an event type' },
  typeConflict: { message: 'Conflict', note: 'History: an event type' },
  typeCeremony: { message: 'Ceremony', note: 'History: an event type' },
  typeDocumentation: { message: 'Documentation', note: 'History: an event type' },
  villagesTitle: { message: 'Seven Villages', note: 'Heading of the villages page' },
  villagesLead: {
    message:
      'The kingdom counts {count, number} villages. Choose a village to see its role, location and description.',
    note: 'Introduction of the villages page',
  },
  noPrimary: {
    message:
      'Which village is the kingdom’s primary village is not publicly recorded, so no village is highlighted here until the community confirms it.',
    note: 'Villages: notice when the primary village is unknown',
  },
  villagesList: { message: 'Villages', note: 'Villages: hidden heading of the list' },
  unnamedVillage: {
    message: 'Unnamed village ({index, number} of {total, number})',
    note: 'Villages: title of a village whose name is not known yet',
  },
  primaryVillage: { message: 'Primary village', note: 'Villages: badge of the primary village' },
  nameAwaiting: { message: 'Name awaiting community review', note: 'Villages: marker of an unnamed village' },
  detailsAwaitingInput: {
    message: 'Details awaiting community input',
    note: 'Villages: card text when nothing is known',
  },
  name: { message: 'Name', note: 'Villages: label' },
  role: { message: 'Role', note: 'Villages: label' },
  coordinates: { message: 'Coordinates', note: 'Villages: label of the latitude and longitude' },
  administrativeRole: { message: 'Administrative role', note: 'Villages: label' },
  description: { message: 'Description', note: 'Villages: label' },
});
