// Families Lineage (/families): the family graph, its tools and legend, the selected person, the list view,
// the person searches, "How are these two related?" and the kinship words it uses, and what screen readers
// are told. Names of people are data: they stay as written.
import { defineMessages } from '../define.ts';

export const families = defineMessages('families', {
  title: { message: 'Families Lineage', note: 'Heading of the family graph page' },
  intro: {
    message: 'Interactive family knowledge graph - drag, zoom, and explore the royal lineage',
    note: 'Families: under the heading',
  },
  loadFailed: {
    message: 'The family data could not be loaded: {error}',
    note: 'Families: error; {error} is the reason the server or the phone gave',
  },
  tryAgain: { message: 'Try again', note: 'Families: button after the data could not be loaded' },
  loading: { message: 'Loading the family data...', note: 'Families: while the data is read' },
  sampleTitle: {
    message: 'Illustrative sample data.',
    note: 'Families: start of the notice shown while the graph holds sample data (in bold)',
  },
  sampleText: {
    message:
      'The names and links in this graph are placeholders showing the shape of the royal lineage, not real people, until the community loads its real genealogy.',
    note: 'Families: rest of the sample-data notice',
  },
  persons: { message: 'Persons', note: 'Families: a counter (number of people in the graph)' },
  male: { message: 'Male', note: 'Families: a counter, and a person’s gender in the lists and the card' },
  female: { message: 'Female', note: 'Families: a counter, and a person’s gender in the lists and the card' },
  unknownGender: {
    message: 'Unknown',
    note: 'Families: search results, a person whose gender is not recorded',
  },
  unconnected: {
    message:
      '{count, plural, one {# person in the data is not connected to the root person} other {# persons in the data are not connected to the root person}}: {trees, plural, one {they form # other tree, shown when chosen below.} other {they form # other trees, each shown when chosen below.}}',
    note: 'Families: under the counters; the root person is the ancestor the graph starts from; {trees} is how many separate family trees those persons form',
  },
  treesApart: {
    message: 'Other family trees in the data',
    note: 'Families: heading of the list of family trees not connected to the root person',
  },
  treeApart: {
    message: '{name} ({count, plural, one {# person} other {# persons}})',
    note: 'Families: a button showing another family tree; {name} is the person it starts from',
  },
  backToRoot: {
    message: 'Back to the tree of {name}',
    note: 'Families: button shown while another tree is shown; {name} is the data’s root person',
  },
  viewFamily: {
    message: 'Family',
    note: 'Families: view button, one person with their parents, spouses and children (the phone’s first view)',
  },
  viewLineage: {
    message: 'Whole lineage',
    note: 'Families: view button, the whole family graph (zoom out to see everyone)',
  },
  views: { message: 'Views', note: 'Families: name of the group of view buttons (screen readers)' },
  lineageLoading: {
    message: 'Drawing the whole lineage...',
    note: 'Families: while the whole family graph is being loaded and drawn',
  },
  circleLabel: {
    message: 'The family of {name}',
    note: 'Families: name of the family view (screen readers); {name} is the person in the middle',
  },
  rowGrandparents: { message: 'Grandparents', note: 'Families: family view, a row of people' },
  rowParents: { message: 'Parents', note: 'Families: family view, a row of people' },
  rowSelf: {
    message: '{count, plural, one {Person} other {With spouses}}',
    note: 'Families: family view, the middle row: the person alone, or with their spouses',
  },
  rowSiblings: { message: 'Brothers and sisters', note: 'Families: family view, a row of people' },
  rowChildren: { message: 'Children', note: 'Families: family view, a row of people' },
  rowGrandchildren: { message: 'Grandchildren', note: 'Families: family view, a row of people' },
  circleHelp: {
    message: 'Tap a person to move to their family. The Whole lineage view shows everyone.',
    note: 'Families: under the family view',
  },
  search: { message: 'Search family members', note: 'Families: label of the search box above the graph' },
  searchPlaceholder: {
    message: 'Search by name',
    note: 'Families: the search box above the graph',
  },
  matches: {
    message: '{search}: matches',
    note: 'Families: name of a search’s list of results (screen readers); {search} is the search box’s label',
  },
  clearSearch: { message: 'Clear search', note: 'Families: the × button in a search box (screen readers)' },
  royalMatch: {
    message: ' · Royal',
    note: 'Families: search results, after the gender of a person of the royal line',
  },
  graphTools: {
    message: 'Graph tools',
    note: 'Families: on a phone, the button that shows or hides the graph’s buttons',
  },
  graphControls: {
    message: 'Graph controls',
    note: 'Families: name of the group of graph buttons (screen readers)',
  },
  zoomOut: { message: 'Zoom Out', note: 'Families: graph button' },
  zoomIn: { message: 'Zoom In', note: 'Families: graph button' },
  fit: { message: 'Fit to Screen', note: 'Families: graph button that shows the whole graph' },
  focusRoot: { message: 'Focus on Root', note: 'Families: graph button that centres the root person' },
  resetView: { message: 'Reset View', note: 'Families: graph button' },
  hideNames: { message: 'Hide Names', note: 'Families: graph button' },
  showNames: { message: 'Show Names', note: 'Families: graph button' },
  exitTrace: { message: 'Exit Trace', note: 'Families: graph button while a line to the root is shown' },
  traceToRoot: {
    message: 'Trace to Root',
    note: 'Families: graph button and person-card button that show the line from a person to the root person',
  },
  layout: { message: 'Layout', note: 'Families: name of the group of layout buttons (screen readers)' },
  generations: { message: 'Generations', note: 'Families: layout button, one row per generation' },
  organic: { message: 'Organic', note: 'Families: layout button, a free force-directed layout' },
  relayingOut: { message: 'Laying out…', note: 'Families: the re-layout button while it works' },
  relayout: { message: 'Re-layout', note: 'Families: graph button that lays the graph out again' },
  listView: { message: 'List view', note: 'Families: graph button that shows the people as a list' },
  legend: { message: 'Legend', note: 'Families: name of the legend of the graph (screen readers)' },
  legendMale: { message: 'Male (square)', note: 'Families: legend, the shape of a man' },
  legendFemale: { message: 'Female (circle)', note: 'Families: legend, the shape of a woman' },
  legendRoyal: {
    message: 'Royal Lineage ({line}, double gold ring)',
    note: 'Families: legend; {line} is e.g. “6 Kings + Queen Ikuma”',
  },
  kings: {
    message: '{count, plural, one {# King} other {# Kings}}',
    note: 'Families: legend, the number of kings of the royal line',
  },
  queen: {
    message: 'Queen {name}',
    note: 'Families: legend, the queen of the royal line; {name} is her name',
  },
  queens: {
    message: '{count, plural, one {# Queen} other {# Queens}}',
    note: 'Families: legend, the number of queens of the royal line when there are several',
  },
  royalLine: {
    message: '{kings} + {queens}',
    note: 'Families: legend, kings and queens of the royal line together, e.g. “6 Kings + Queen Ikuma”',
  },
  legendMarriage: { message: 'Marriage (dashed line)', note: 'Families: legend' },
  legendParent: {
    message: 'Parent-Child (solid line, arrow to the child)',
    note: 'Families: legend',
  },
  legendSelected: { message: 'Selected (solid violet ring)', note: 'Families: legend' },
  legendMatch: { message: 'Search match (dashed amber ring)', note: 'Families: legend' },
  traceTitle: {
    message: 'Search person to trace',
    note: 'Families: heading and label of the search that picks whose line to the root to show',
  },
  tracePlaceholder: {
    message: 'Type to search family members...',
    note: 'Families: a person search box (trace, and the second person of “How are these two related?”)',
  },
  traceHintEmpty: {
    message: 'Type to see matching family members',
    note: 'Families: under the trace search while it is empty',
  },
  traceHint: {
    message: 'Click on a name to trace their lineage',
    note: 'Families: under the trace search while it has text',
  },
  graphRole: {
    message: 'family graph',
    note: 'Families: what kind of thing the graph is, read by screen readers (lower case)',
  },
  graphLabel: { message: 'Family graph', note: 'Families: name of the graph (screen readers)' },
  help: {
    message:
      'Drag the background to pan; scroll, pinch or use the zoom buttons to zoom. Click a person to see their spouses, parents and children; click them again to see everyone. Drag a person to move them: they stay where you drop them (or use Move and Pin on the selected person). With the graph focused, arrow keys move between relatives and Escape clears; the list view offers the same by keyboard.',
    note: 'Families: under the graph; “Move” and “Pin” are the person card’s buttons',
  },
  // The selected person.
  closePerson: {
    message: 'Close person details',
    note: 'Families: the × button of the person card (screen readers)',
  },
  born: { message: 'Born {year}', note: 'Families: a person’s birth year (card and list)' },
  died: { message: 'Died {year}', note: 'Families: a person’s death year (card and list)' },
  deceased: {
    message: 'Deceased',
    note: 'Families: a person known to have died, date unknown (card and list)',
  },
  rootPerson: {
    message: 'Root Person',
    note: 'Families: badge of the ancestor the graph starts from (card and list)',
  },
  royalLineage: {
    message: 'Royal lineage',
    note: 'Families: badge of a person of the royal line (card and list)',
  },
  sampleData: { message: 'Sample data', note: 'Families: badge of a person who is not real (sample data)' },
  tracing: {
    message: 'Tracing to root',
    note: 'Families: badge of the card while the line to the root is shown',
  },
  noPathToRoot: {
    message: 'No path to the root: only this person is shown.',
    note: 'Families: person card, when no link joins the person to the root person',
  },
  parents: { message: 'Parents', note: 'Families: person card, a group of relatives' },
  spouses: { message: 'Spouses', note: 'Families: person card, a group of relatives' },
  children: { message: 'Children', note: 'Families: person card, a group of relatives' },
  unpin: {
    message: 'Unpin',
    note: 'Families: person card button that lets the person move with the layout again',
  },
  pin: { message: 'Pin here', note: 'Families: person card button that keeps the person where it is' },
  cancelMove: { message: 'Cancel move', note: 'Families: person card button while placing the person' },
  move: { message: 'Move', note: 'Families: person card button that places the person with one tap' },
  moveHint: {
    message: 'Click or tap an empty spot on the graph to place {name} there (Escape cancels).',
    note: 'Families: person card while placing; {name} is the person’s name',
  },
  // The list view.
  people: {
    message: 'People ({count})',
    note: 'Families: heading of the list view; {count} is the number of people',
  },
  listHelp: {
    message:
      'Up arrow: parent. Down arrow: first child. Left and right arrows: siblings and spouses. Page Up and Page Down move ten people along the list, Home goes to the root person and End to the last person. Enter selects, Escape clears.',
    note: 'Families: list view, the keys that move in the list',
  },
  familyMembers: { message: 'Family members', note: 'Families: name of the list of people (screen readers)' },
  generation: {
    message: 'Generation {number}',
    note: 'Families: list view, a group of people of one generation (1 is the oldest)',
  },
  // How are these two related?
  relationTitle: { message: 'How are these two related?', note: 'Families: heading of the relation finder' },
  firstPerson: { message: 'First person', note: 'Families: relation finder, label of a search box' },
  secondPerson: { message: 'Second person', note: 'Families: relation finder, label of a search box' },
  showRelation: { message: 'Show how they are related', note: 'Families: relation finder button' },
  clear: { message: 'Clear', note: 'Families: relation finder button that clears the answer' },
  relationSentence: {
    message: "{to} is {from}'s {term}.",
    note: 'Families: relation finder answer; {to} and {from} are names, {term} a kinship word such as “father’s wife”',
  },
  relationNone: {
    message: 'No family link joins {from} and {to} in this data.',
    note: 'Families: relation finder answer; {from} and {to} are names',
  },
  relationSame: {
    message: '{name} is the same person.',
    note: 'Families: relation finder answer when both persons are the same; {name} is the name',
  },
  kinOf: {
    message: "{owner}'s {term}",
    note: 'Families: kinship words chained, e.g. “father’s wife” ({owner} = “father”, {term} = “wife”)',
  },
  kinParent: {
    message: '{gender, select, male {father} female {mother} other {parent}}',
    note: 'Families: kinship word (lower case); {gender} is the gender of the person it names',
  },
  kinGrandparent: {
    message: '{gender, select, male {grandfather} female {grandmother} other {grandparent}}',
    note: 'Families: kinship word (lower case)',
  },
  kinChild: {
    message: '{gender, select, male {son} female {daughter} other {child}}',
    note: 'Families: kinship word (lower case)',
  },
  kinGrandchild: {
    message: '{gender, select, male {grandson} female {granddaughter} other {grandchild}}',
    note: 'Families: kinship word (lower case)',
  },
  kinSibling: {
    message: '{gender, select, male {brother} female {sister} other {sibling}}',
    note: 'Families: kinship word (lower case), sharing both parents',
  },
  kinHalfSibling: {
    message: '{gender, select, male {half-brother} female {half-sister} other {half-sibling}}',
    note: 'Families: kinship word (lower case), sharing one parent',
  },
  kinParentSibling: {
    message: "{gender, select, male {uncle} female {aunt} other {parent's sibling}}",
    note: 'Families: kinship word (lower case)',
  },
  kinSiblingChild: {
    message: "{gender, select, male {nephew} female {niece} other {sibling's child}}",
    note: 'Families: kinship word (lower case)',
  },
  kinSiblingGrandchild: {
    message: "{gender, select, male {grandnephew} female {grandniece} other {sibling's grandchild}}",
    note: 'Families: kinship word (lower case)',
  },
  kinGreat: {
    message: 'great-{term}',
    note: 'Families: one generation further, e.g. “great-grandfather”; it repeats: “great-great-grandfather”',
  },
  kinCousin: {
    message:
      '{degree, plural, =1 {first} =2 {second} =3 {third} =4 {fourth} =5 {fifth} =6 {sixth} =7 {seventh} =8 {eighth} =9 {ninth} =10 {tenth} other {#th}} cousin',
    note: 'Families: kinship word (lower case): first cousins share grandparents, second cousins great-grandparents',
  },
  kinRemoved: {
    message:
      '{cousin} {removed, plural, =1 {once removed} =2 {twice removed} =3 {three times removed} other {# times removed}}',
    note: 'Families: a cousin of another generation, e.g. “first cousin once removed”',
  },
  kinSpouse: {
    message: '{gender, select, male {husband} female {wife} other {spouse}}',
    note: 'Families: kinship word (lower case)',
  },
  kinParentInLaw: {
    message: '{gender, select, male {father-in-law} female {mother-in-law} other {parent-in-law}}',
    note: 'Families: kinship word (lower case)',
  },
  kinSiblingInLaw: {
    message: '{gender, select, male {brother-in-law} female {sister-in-law} other {sibling-in-law}}',
    note: 'Families: kinship word (lower case)',
  },
  kinChildInLaw: {
    message: '{gender, select, male {son-in-law} female {daughter-in-law} other {child-in-law}}',
    note: 'Families: kinship word (lower case)',
  },
  // What screen readers are told (an aria-live region).
  announceSelected: {
    message:
      'Selected {name}{details}{root, select, yes {, root person} other {}}. {relatives, plural, one {# direct relative} other {# direct relatives}} highlighted.',
    note: 'Families: read by screen readers after choosing a person; {details} is empty or “, male, born 1950…”',
  },
  announceDetail: {
    message: ', {detail}',
    note: 'Families: read by screen readers, one detail of the chosen person after a comma',
  },
  announceMale: { message: 'male', note: 'Families: read by screen readers, a detail of the chosen person' },
  announceFemale: {
    message: 'female',
    note: 'Families: read by screen readers, a detail of the chosen person',
  },
  announceBorn: {
    message: 'born {year}',
    note: 'Families: read by screen readers, a detail of the chosen person',
  },
  announceDied: {
    message: 'died {year}',
    note: 'Families: read by screen readers, a detail of the chosen person',
  },
  announceDeceased: {
    message: 'deceased',
    note: 'Families: read by screen readers, a detail of the chosen person (died, date unknown)',
  },
  announceRoyal: {
    message: 'royal lineage',
    note: 'Families: read by screen readers, a detail of the chosen person',
  },
  announceCleared: { message: 'Selection cleared.', note: 'Families: read by screen readers' },
  announceSearchCleared: { message: 'Search cleared.', note: 'Families: read by screen readers' },
  announceNoMatch: {
    message: 'No family member matches.',
    note: 'Families: read by screen readers after a search',
  },
  announceTrace: {
    message: 'Tracing {name} to the root {root}: {steps, plural, one {# step} other {# steps}}.',
    note: 'Families: read by screen readers; {name} and {root} are names',
  },
  announceNoTrace: {
    message: 'No path joins {name} to the root: only this person is shown.',
    note: 'Families: read by screen readers; {name} is a name',
  },
  announceReset: {
    message: 'View reset: selection and search cleared.',
    note: 'Families: read by screen readers',
  },
  announceNamesHidden: { message: 'Names hidden.', note: 'Families: read by screen readers' },
  announceNamesShown: { message: 'Names shown.', note: 'Families: read by screen readers' },
  announceView: {
    message: '{view, select, generations {Generations} other {Organic}} view.',
    note: 'Families: read by screen readers after choosing a layout',
  },
});
