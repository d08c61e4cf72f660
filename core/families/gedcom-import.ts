// GEDCOM import: read-gedcom parses the lines into a tree; this maps INDI/FAM records to the family data (links
// honoured in both directions) and reports, by kind, everything the family data has no place for.
import { parseGedcom } from 'read-gedcom';
import type { GedcomReadingOptions, TreeNode } from 'read-gedcom';
import { yearOf } from './dates.ts';
import {
  LEGACY_GEDCOM_TAGS,
  LOPIT_FACTS,
  MARRIAGE_REFN_TYPE,
  NAME_AS_WRITTEN_TYPE,
  PERSON_REFN_TYPE,
  joinWords,
} from './gedcom-export.ts';
import {
  FAMILY_EVENT_TYPES,
  PERSON_ID_PATTERN,
  gedcomDateSchema,
  parentsOf,
  parseFamilyData,
} from './family-schema.ts';
import type { FamilyData, FamilyEvent, Gender, Marriage, Person } from './family-schema.ts';

export interface GedcomImportOptions {
  /** Source citation given to persons whose record cites none, e.g. "GEDCOM import: family.ged (2025-01-31)". */
  defaultSource?: string;
  /** Root person id (after import) when the file names no root. */
  rootId?: string;
}

/** What the family data has no place for; each kind is counted and explained in the report. */
export const DROPPED_KINDS = {
  places: 'places (PLAC) of events: the family data holds no places',
  events: 'events other than birth and death (christening, burial, residence, EVEN...)',
  'family-events':
    'family events other than engagement, marriage, divorce and annulment (census, residence, EVEN)',
  'event-details':
    'details of kept events other than their date and place: descriptions (TYPE), addresses, ages, citations, notes',
  'name-details':
    'parts of a name other than its pieces: nicknames (NICK), name types, citations and notes, too-long pieces, and a name order (Lopit FACT) that no longer matches the NAME',
  attributes: 'attributes (occupation, title, FACT...) other than the Lopit ones',
  'alternate-names': 'names after the first NAME of a person',
  notes: 'notes (NOTE) on persons, families and events, and note records',
  media: 'multimedia links and records (OBJE)',
  'dangling-pointers': 'links to records the file does not contain (FAMC, FAMS, HUSB, WIFE, CHIL, SOUR)',
  'families-without-parents': 'families naming no parent that exists (their children are kept)',
  'extra-parents': 'a second HUSB or WIFE in one family',
  'other-records': 'records of other kinds (REPO, SUBN, custom records)',
  'other-tags': 'other lines of persons and families (ASSO, ALIA, custom tags...)',
  'undecodable-characters': 'bytes that are not characters of the declared encoding (shown as U+FFFD)',
} as const;
export type DroppedKind = keyof typeof DROPPED_KINDS;

export interface GedcomImportReport {
  /** How the bytes were read: UTF-8 or UTF-16 here, anything else by read-gedcom's decoders (ANSEL, ANSI...). */
  encoding: string;
  persons: number;
  families: number;
  onePersonFamilies: number;
  /** Dates kept beyond a bare year: qualifiers (ABT, BEF, BET...), calendars, days and months. */
  qualifiedDates: number;
  deathDates: number;
  /** Deaths without a date: the person is marked deceased. */
  deceasedWithoutDate: number;
  surnames: number;
  /** Name prefixes (NPFX), suffixes (NSFX) and surname prefixes (SPFX) kept. */
  namePrefixes: number;
  nameSuffixes: number;
  surnamePrefixes: number;
  /** Names whose order as written came back from a Lopit FACT (a genealogy tool had reordered the NAME). */
  namesAsWritten: number;
  /** Family events kept (engagement, marriage, divorce...), and how many of them have a date. */
  familyEvents: number;
  familyEventDates: number;
  dropped: { kind: DroppedKind; count: number; reason: string; examples: string[] }[];
}

export interface GedcomImport {
  data: FamilyData;
  report: GedcomImportReport;
}

export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug === '' ? 'person' : slug.slice(0, 60).replace(/-+$/, '');
}

/** Makes ids unique by suffixing -2, -3, ... */
function uniqueId(wanted: string, taken: Set<string>): string {
  let id = wanted;
  for (let suffix = 2; taken.has(id); suffix++) id = `${wanted}-${suffix}`;
  taken.add(id);
  return id;
}

const BOMS: [number[], string][] = [
  [[0xef, 0xbb, 0xbf], 'utf-8'],
  [[0xfe, 0xff], 'utf-16be'],
  [[0xff, 0xfe], 'utf-16le'],
];

/**
 * Unicode files are decoded here with the platform's TextDecoder: read-gedcom 0.3's own UTF-8 decoder cuts
 * characters outside the Basic Multilingual Plane to 16 bits (U+1F642 became U+F642) and its UTF-16 decoder
 * multiplies by 16 instead of 256. Other encodings (ANSEL, ANSI, MacRoman, CP850) stay with read-gedcom: null.
 */
function decodeUnicode(bytes: Uint8Array): { text: string; encoding: string } | null {
  const bom = BOMS.find(([marks]) => marks.every((byte, index) => bytes[index] === byte));
  // UTF-16 without a BOM: "0 HEAD" with a zero byte before or after each character.
  const encoding =
    bom?.[1] ??
    (bytes[0] === 0 && bytes[1] === 0x30
      ? 'utf-16be'
      : bytes[0] === 0x30 && bytes[1] === 0
        ? 'utf-16le'
        : undefined);
  if (encoding) return { text: new TextDecoder(encoding).decode(bytes), encoding: encoding.toUpperCase() };
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 5000));
  const declared = /^\s*1\s+CHAR(?:ACTER)?\s+(\S+)/m.exec(head)?.[1]?.toUpperCase();
  if (declared !== undefined && !['UTF-8', 'UTF8', 'UNICODE'].includes(declared)) return null;
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'UTF-8' };
  } catch {
    // Declared UTF-8 (or undeclared) but not UTF-8: let read-gedcom guess from the header.
    return null;
  }
}

/** CESU-8 (each UTF-16 unit as up to 3 bytes), which read-gedcom's decoder turns back into the same units. */
function cesu8(text: string): Uint8Array {
  const out = new Uint8Array(text.length * 3);
  let at = 0;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (unit < 0x80) out[at++] = unit;
    else if (unit < 0x800) {
      out[at++] = 0xc0 | (unit >> 6);
      out[at++] = 0x80 | (unit & 0x3f);
    } else {
      out[at++] = 0xe0 | (unit >> 12);
      out[at++] = 0x80 | ((unit >> 6) & 0x3f);
      out[at++] = 0x80 | (unit & 0x3f);
    }
  }
  return out.subarray(0, at);
}

function readTree(bytes: Uint8Array): { root: TreeNode; encoding: string; undecodable: number } {
  const decoded = decodeUnicode(bytes);
  const input = decoded ? cesu8(decoded.text) : bytes;
  const buffer = input.buffer.slice(input.byteOffset, input.byteOffset + input.byteLength) as ArrayBuffer;
  const root = parseGedcom(buffer, {
    noIndex: true,
    ...(decoded ? { forcedCharset: 'UTF-8' as GedcomReadingOptions['forcedCharset'] } : {}),
  });
  let undecodable = 0;
  const count = (node: TreeNode) => {
    undecodable += (node.value?.match(/\uFFFD/g) ?? []).length;
    node.children.forEach(count);
  };
  count(root);
  return { root, encoding: decoded?.encoding ?? declaredEncoding(root), undecodable };
}

const declaredEncoding = (root: TreeNode) =>
  child(child(root, 'HEAD'), 'CHAR')?.value?.toUpperCase() ?? 'guessed by read-gedcom';

const children = (node: TreeNode | undefined, tag: string) =>
  node?.children.filter((item) => item.tag === tag) ?? [];
const child = (node: TreeNode | undefined, tag: string) => node?.children.find((item) => item.tag === tag);
const text = (node: TreeNode | undefined) => node?.value?.trim() ?? '';
const yes = (node: TreeNode | undefined) => /^y/i.test(text(node));

const PERSON_EVENTS = new Set(
  'ADOP BAPM BARM BASM BLES BURI CENS CHR CHRA CONF CREM EMIG EVEN FCOM GRAD IMMI NATU ORDN PROB RETI WILL'.split(
    ' ',
  ),
);
const ATTRIBUTES = new Set('CAST DSCR EDUC IDNO NATI NCHI NMR OCCU PROP RELI RESI SSN TITL FACT'.split(' '));
/** Family events the family data does not keep (FAMILY_EVENT_TYPES are kept). */
const FAMILY_EVENTS = new Set(['CENS', 'EVEN', 'RESI']);
/** Bookkeeping that carries no family data: dropped without a word. */
const SILENT = new Set(['CHAN', '_UID', 'RIN', 'AFN', 'RFN', 'SUBM', '_UPD', 'CREA']);

/** The Lopit FACT of `type` on a record, or the tag older exports used for it. */
function lopitFact(record: TreeNode, key: keyof typeof LOPIT_FACTS): TreeNode | undefined {
  return (
    children(record, 'FACT').find((fact) => text(child(fact, 'TYPE')) === LOPIT_FACTS[key]) ??
    child(record, LEGACY_GEDCOM_TAGS[key])
  );
}
const isLopitFact = (fact: TreeNode) =>
  (Object.values(LOPIT_FACTS) as string[]).includes(text(child(fact, 'TYPE')));

/** The record's id: a REFN typed as ours (older exports), else an untyped REFN that is a valid id. */
function refnId(record: TreeNode, type: string): string | undefined {
  const refns = children(record, 'REFN');
  const typed = refns.find((ref) => text(child(ref, 'TYPE')) === type);
  const candidate = typed ?? refns.find((ref) => child(ref, 'TYPE') === undefined);
  const value = text(candidate);
  return PERSON_ID_PATTERN.test(value) ? value : undefined;
}

/** A person's name and its pieces, as the family data holds them. */
type PersonName = Pick<Person, 'name' | 'surname' | 'namePrefix' | 'nameSuffix' | 'surnamePrefix'>;

const NAME_PIECES = new Set(['NPFX', 'GIVN', 'SPFX', 'SURN', 'NSFX']);
const MAX_NAME = 200;
const MAX_NAME_PIECE = 120;

const sameWords = (a: string, b: string) =>
  a.split(/\s+/).filter(Boolean).sort().join(' ') === b.split(/\s+/).filter(Boolean).sort().join(' ');

/**
 * "Prefix Given /Surname/ Suffix" -> the name as written without slashes, the surname, and the pieces NPFX, NSFX
 * and SPFX (a prefix or suffix the NAME lacks is added: Gramps writes its titles in NPFX only). Without a NAME
 * value the pieces make the name. `asWritten` (the Lopit FACT of a name genealogy tools reorder) wins when it has
 * the same words.
 */
function readName(node: TreeNode | undefined, asWritten: string | undefined, report: Report): PersonName {
  const piece = (tag: string) => text(child(node, tag)).replace(/\s+/g, ' ') || undefined;
  let value = text(node);
  const surnamePrefix = piece('SPFX');
  if (value.replace(/\//g, '').trim() === '' && node) {
    const surn = piece('SURN');
    value = joinWords(piece('GIVN'), surn && `/${joinWords(surnamePrefix, surn)}/`);
  }
  const surname = /\/([^/]*)\//.exec(value)?.[1]?.replace(/\s+/g, ' ').trim();
  let name = value.replace(/\//g, ' ').replace(/\s+/g, ' ').trim();
  const prefix = piece('NPFX');
  const suffix = piece('NSFX');
  if (prefix && !name.startsWith(prefix)) name = joinWords(prefix, name);
  if (suffix && !name.endsWith(suffix)) name = joinWords(name, suffix);
  const where = name || 'a person';
  if (asWritten !== undefined) {
    if (sameWords(asWritten, name)) name = asWritten.replace(/\s+/g, ' ').trim();
    else report.drop('name-details', `${where}: name order ${asWritten}`);
  }
  for (const line of node?.children ?? []) {
    const tag = line.tag ?? '';
    if (!NAME_PIECES.has(tag)) report.drop('name-details', `${where}: ${tag} ${text(line)}`.trim());
  }
  name = name.slice(0, MAX_NAME).trim();
  const result: PersonName = { name };
  const keep = (field: 'namePrefix' | 'nameSuffix', part: string | undefined) => {
    if (part === undefined) return;
    if (part.length <= MAX_NAME_PIECE && name.includes(part)) result[field] = part;
    else report.drop('name-details', `${where}: ${part}`);
  };
  if (surname && name.includes(surname)) {
    result.surname = surname;
    if (surnamePrefix && surname.startsWith(surnamePrefix) && surnamePrefix.length <= 60)
      result.surnamePrefix = surnamePrefix;
    else if (surnamePrefix) report.drop('name-details', `${where}: SPFX ${surnamePrefix}`);
  }
  keep('namePrefix', prefix);
  keep('nameSuffix', suffix);
  return result;
}

/**
 * A kept event's DATE, as written when it says more than a year ("ABT 1850", "3 MAR 1921", "@#DJULIAN@ 850");
 * its other lines (descriptions, addresses, citations...) are counted as dropped; places are counted apart.
 */
function readDate(
  event: TreeNode | undefined,
  where: string,
  report: Report,
): { date?: string; year?: number; written?: string } {
  for (const line of event?.children ?? []) {
    const tag = line.tag ?? '';
    // Gramps moves GEDCOM's "1 DIV Y" ("it happened") to "2 TYPE Y".
    if (tag === 'DATE' || tag === 'PLAC' || (tag === 'TYPE' && text(line) === 'Y')) continue;
    report.drop('event-details', `${where}: ${event?.tag} ${tag}`);
  }
  const value = text(child(event, 'DATE')).replace(/\s+/g, ' ');
  if (!value) return {};
  if (!gedcomDateSchema.safeParse(value).success) {
    report.drop('event-details', `${where}: ${event?.tag} DATE ${value.slice(0, 40)}`);
    return {};
  }
  const year = yearOf(value);
  if (year !== undefined && value === String(year)) return { year, written: value };
  return year === undefined ? { date: value, written: value } : { date: value, year, written: value };
}

class Report {
  readonly counts = new Map<DroppedKind, { count: number; examples: string[] }>();
  drop(kind: DroppedKind, example: string, count = 1) {
    const entry = this.counts.get(kind) ?? { count: 0, examples: [] };
    entry.count += count;
    if (entry.examples.length < 3 && !entry.examples.includes(example)) entry.examples.push(example);
    this.counts.set(kind, entry);
  }
  list(): GedcomImportReport['dropped'] {
    return (Object.keys(DROPPED_KINDS) as DroppedKind[]).flatMap((kind) => {
      const entry = this.counts.get(kind);
      return entry
        ? [{ kind, count: entry.count, reason: DROPPED_KINDS[kind], examples: entry.examples }]
        : [];
    });
  }
}

/** Places anywhere under a node (an event's PLAC, an address's). */
const countPlaces = (node: TreeNode): number =>
  node.children.reduce((sum, item) => sum + (item.tag === 'PLAC' ? 1 : 0) + countPlaces(item), 0);

function sourcesOf(
  record: TreeNode,
  sources: Map<string, TreeNode>,
  where: string,
  report: Report,
): string[] {
  const result: string[] = [];
  for (const citation of children(record, 'SOUR')) {
    const value = text(citation);
    if (/^@[^@]+@$/.test(value)) {
      const source = sources.get(value);
      if (!source) report.drop('dangling-pointers', `${where} SOUR ${value}`);
      const title = text(child(source, 'TITL')) || text(child(source, 'ABBR'));
      if (title) result.push(title);
    } else {
      const full = [value, ...children(citation, 'TEXT').map(text)].filter(Boolean).join('\n');
      if (full) result.push(full);
    }
  }
  return result;
}

const SEXES: Record<string, Gender> = { M: 'male', F: 'female' };

/** Parses a GEDCOM file (5.5.1; 5.5 and 5.5.5 are read too) into validated family data (no layout) and a report. */
export function importGedcom(
  input: ArrayBuffer | Uint8Array | string,
  options: GedcomImportOptions = {},
): GedcomImport {
  const bytes =
    typeof input === 'string'
      ? new TextEncoder().encode(input)
      : input instanceof Uint8Array
        ? input
        : new Uint8Array(input);
  const { root, encoding, undecodable } = readTree(bytes);
  const report = new Report();
  if (undecodable > 0) report.drop('undecodable-characters', 'U+FFFD', undecodable);
  const records = new Map<string, TreeNode[]>();
  for (const record of root.children) {
    const tag = record.tag ?? '';
    records.set(tag, [...(records.get(tag) ?? []), record]);
    if (['HEAD', 'TRLR', 'INDI', 'FAM', 'SOUR', 'SUBM'].includes(tag)) continue;
    if (tag === 'NOTE') report.drop('notes', 'NOTE record');
    else if (tag === 'OBJE') report.drop('media', 'OBJE record');
    else report.drop('other-records', tag);
  }
  const sources = new Map(
    (records.get('SOUR') ?? []).flatMap((record) => (record.pointer ? [[record.pointer, record]] : [])),
  );

  const taken = new Set<string>();
  const idByXref = new Map<string, string>();
  const persons: Record<string, Person> = {};
  const counts = {
    qualifiedDates: 0,
    deathDates: 0,
    deceasedWithoutDate: 0,
    surnames: 0,
    namePrefixes: 0,
    nameSuffixes: 0,
    surnamePrefixes: 0,
    namesAsWritten: 0,
  };
  let rootId = options.rootId;
  const indis = (records.get('INDI') ?? []).filter((indi) => indi.pointer);
  for (const indi of indis) {
    const xref = indi.pointer as string;
    const names = children(indi, 'NAME');
    const asWritten = children(indi, 'FACT').find(
      (fact) => text(child(fact, 'TYPE')) === NAME_AS_WRITTEN_TYPE,
    );
    const { name: readNameText, ...pieces } = readName(names[0], asWritten && text(asWritten), report);
    const name = readNameText || 'Unnamed person';
    if (asWritten && name === text(asWritten).replace(/\s+/g, ' ')) counts.namesAsWritten++;
    for (const other of names.slice(1))
      report.drop('alternate-names', `${name}: ${readName(other, undefined, new Report()).name}`);
    const id = uniqueId(refnId(indi, PERSON_REFN_TYPE) ?? slugify(name), taken);
    idByXref.set(xref, id);
    const cited = sourcesOf(indi, sources, name, report);
    if (cited.length === 0 && options.defaultSource) cited.push(options.defaultSource);
    const person: Person = {
      id,
      name,
      gender: SEXES[text(child(indi, 'SEX')).toUpperCase().charAt(0)] ?? 'unknown',
      royalLineage: yes(lopitFact(indi, 'royalLineage')),
      sample: yes(lopitFact(indi, 'sample')),
      status: text(lopitFact(indi, 'status')) === 'verified' ? 'verified' : 'draft',
      sources: cited,
    };
    Object.assign(person, pieces);
    if (pieces.surname) counts.surnames++;
    if (pieces.namePrefix) counts.namePrefixes++;
    if (pieces.nameSuffix) counts.nameSuffixes++;
    if (pieces.surnamePrefix) counts.surnamePrefixes++;
    const births = children(indi, 'BIRT');
    const birth = readDate(births[0], name, report);
    if (birth.year !== undefined) person.birthYear = birth.year;
    if (birth.date !== undefined) {
      person.birthDate = birth.date;
      counts.qualifiedDates++;
    }
    const deaths = children(indi, 'DEAT');
    const deathDate = readDate(deaths[0], name, report).written;
    if (deathDate !== undefined) {
      person.deathDate = deathDate;
      counts.deathDates++;
    } else if (deaths[0]) {
      // "DEAT Y", or a death with a place and no date: dead, when unknown.
      person.deceased = true;
      counts.deceasedWithoutDate++;
    }
    for (const event of [...births.slice(1), ...deaths.slice(1)])
      report.drop('events', `${name}: another ${event.tag}`);
    persons[id] = person;
    if (yes(lopitFact(indi, 'root')) && !options.rootId) rootId = id;

    for (const line of indi.children) {
      const tag = line.tag ?? '';
      const places = countPlaces(line);
      if (places > 0) report.drop('places', `${name}: ${tag} ${text(child(line, 'PLAC'))}`.trim(), places);
      if (['NAME', 'SEX', 'BIRT', 'DEAT', 'REFN', 'SOUR', 'FAMC', 'FAMS'].includes(tag) || SILENT.has(tag))
        continue;
      if (Object.values(LEGACY_GEDCOM_TAGS).includes(tag as never)) continue;
      if (tag === 'FACT' && (isLopitFact(line) || line === asWritten)) continue;
      if (PERSON_EVENTS.has(tag)) report.drop('events', `${name}: ${tag}`);
      else if (ATTRIBUTES.has(tag)) report.drop('attributes', `${name}: ${tag} ${text(line)}`.trim());
      else if (tag === 'NOTE') report.drop('notes', name);
      else if (tag === 'OBJE') report.drop('media', name);
      else report.drop('other-tags', `${name}: ${tag}`);
    }
  }

  const familyCounts = { familyEvents: 0, familyEventDates: 0 };
  const marriages = readFamilies(records.get('FAM') ?? [], indis, idByXref, persons, report, familyCounts);
  const data = parseFamilyData({
    rootPersonId: rootId ?? guessRoot(persons, marriages),
    persons,
    marriages,
  });
  return {
    data,
    report: {
      encoding,
      persons: Object.keys(data.persons).length,
      families: data.marriages.length,
      onePersonFamilies: data.marriages.filter((marriage) => parentsOf(marriage).length === 1).length,
      ...counts,
      ...familyCounts,
      dropped: report.list(),
    },
  };
}

/** The family data only (the report goes with importGedcom). */
export function fromGedcom(input: ArrayBuffer | Uint8Array | string, options: GedcomImportOptions = {}) {
  return importGedcom(input, options).data;
}

/** FAM records, completed with FAMC/FAMS links that the FAM record itself lacks; no parent is invented. */
function readFamilies(
  fams: readonly TreeNode[],
  indis: readonly TreeNode[],
  idByXref: ReadonlyMap<string, string>,
  persons: Record<string, Person>,
  report: Report,
  counts: { familyEvents: number; familyEventDates: number },
): Marriage[] {
  const byXref = new Map<string, Marriage>();
  const marriageIds = new Set<string>();
  fams.forEach((fam, index) => {
    const xref = fam.pointer;
    if (!xref) return;
    const id = uniqueId(refnId(fam, MARRIAGE_REFN_TYPE) ?? `marriage-${index + 1}`, marriageIds);
    const where = `family ${xref}`;
    const person = (node: TreeNode) => {
      const personId = idByXref.get(text(node));
      if (!personId) report.drop('dangling-pointers', `${where} ${node.tag} ${text(node)}`);
      return personId;
    };
    const marriage: Marriage = { id, childIds: [] };
    for (const [tag, field] of [
      ['HUSB', 'husbandId'],
      ['WIFE', 'wifeId'],
    ] as const) {
      const [first, ...extra] = children(fam, tag);
      const parentId = first && person(first);
      if (parentId) marriage[field] = parentId;
      for (const node of extra) report.drop('extra-parents', `${where} ${tag} ${text(node)}`);
    }
    for (const node of children(fam, 'CHIL')) {
      const childId = person(node);
      if (childId && !marriage.childIds.includes(childId)) marriage.childIds.push(childId);
    }
    byXref.set(xref, marriage);
    const events: FamilyEvent[] = [];
    for (const line of fam.children) {
      const tag = line.tag ?? '';
      if (['HUSB', 'WIFE', 'CHIL', 'REFN'].includes(tag) || SILENT.has(tag)) continue;
      const places = countPlaces(line);
      if (places > 0) report.drop('places', `${where}: ${tag}`, places);
      const kept = FAMILY_EVENT_TYPES.find((type) => type === tag);
      if (kept) {
        const { written: date } = readDate(line, where, report);
        // An undated MARR says what this data says of every couple; other undated events (DIV Y) are kept.
        if (kept === 'MARR' && date === undefined) continue;
        events.push(date === undefined ? { type: kept } : { type: kept, date });
        counts.familyEvents++;
        if (date !== undefined) counts.familyEventDates++;
      } else if (FAMILY_EVENTS.has(tag))
        report.drop('family-events', `${where}: ${tag} ${text(child(line, 'DATE'))}`.trim());
      else if (tag === 'NOTE') report.drop('notes', where);
      else if (tag === 'OBJE') report.drop('media', where);
      else report.drop('other-tags', `${where}: ${tag}`);
    }
    if (events.length > 0) marriage.events = events.slice(0, 50);
  });
  // The other direction: an INDI's FAMC/FAMS may name a family that does not list them.
  for (const indi of indis) {
    const id = idByXref.get(indi.pointer ?? '');
    if (!id) continue;
    for (const famc of children(indi, 'FAMC')) {
      const marriage = byXref.get(text(famc));
      if (!marriage) report.drop('dangling-pointers', `${persons[id]?.name}: FAMC ${text(famc)}`);
      else if (!marriage.childIds.includes(id)) marriage.childIds.push(id);
    }
    for (const fams of children(indi, 'FAMS')) {
      const marriage = byXref.get(text(fams));
      if (!marriage) {
        report.drop('dangling-pointers', `${persons[id]?.name}: FAMS ${text(fams)}`);
        continue;
      }
      if (marriage.husbandId === id || marriage.wifeId === id) continue;
      const gender = persons[id]?.gender;
      if ((gender === 'female' || marriage.husbandId) && !marriage.wifeId) marriage.wifeId = id;
      else if (!marriage.husbandId) marriage.husbandId = id;
    }
  }
  const result: Marriage[] = [];
  for (const [xref, marriage] of byXref) {
    if (parentsOf(marriage).length === 0) {
      report.drop('families-without-parents', `family ${xref}`);
      continue;
    }
    // A missing sex follows from the spouse role.
    for (const [field, gender] of [
      ['husbandId', 'male'],
      ['wifeId', 'female'],
    ] as const) {
      const person = persons[marriage[field] ?? ''];
      if (person?.gender === 'unknown') person.gender = gender;
    }
    marriage.childIds = marriage.childIds.filter((id) => !parentsOf(marriage).includes(id));
    result.push(marriage);
  }
  return result;
}

/** Without a root in the file: the parentless person with the most descendants (the earliest ancestor). */
export function guessRoot(persons: Record<string, Person>, marriages: readonly Marriage[]): string {
  const children = new Map<string, string[]>();
  const hasParents = new Set<string>();
  for (const marriage of marriages) {
    for (const parent of parentsOf(marriage))
      children.set(parent, [...(children.get(parent) ?? []), ...marriage.childIds]);
    marriage.childIds.forEach((id) => hasParents.add(id));
  }
  let best = Object.keys(persons)[0] ?? '';
  let bestCount = -1;
  for (const id of Object.keys(persons)) {
    if (hasParents.has(id)) continue;
    const seen = new Set<string>();
    const stack = [id];
    while (stack.length > 0) {
      for (const child of children.get(stack.pop() as string) ?? []) {
        if (!seen.has(child)) {
          seen.add(child);
          stack.push(child);
        }
      }
    }
    if (seen.size > bestCount) {
      best = id;
      bestCount = seen.size;
    }
  }
  return best;
}
