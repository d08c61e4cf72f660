// The heritage pages' frame (about, villages, culture, history). Their content (content/heritage) stays English
// for now; these are the headings, labels and markers.
import { defineMessages } from '../define.ts';

export const heritage = defineMessages('heritage', {
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
