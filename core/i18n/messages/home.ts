// The home page, and the kingdom's figures it shares with the about page (the first page: kept small).
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
});
