// GEDCOM 5.5.1 export of the family data: INDI and FAM records linked both ways (FAMC/FAMS and HUSB/WIFE/CHIL).
// Standard structures only, so genealogy tools keep everything: Gramps (tested through its command line in
// tests/server/gedcom-gramps.test.ts) turns custom _TAGS into custom events and drops a REFN's TYPE, but keeps
// `FACT` attributes with their `TYPE`, an untyped `REFN`, `MARR`, dates as written and CONC/CONT texts.
import { parentsOf } from './family-schema.ts';
import type { FamilyData, Person } from './family-schema.ts';

/** `1 FACT <value>` + `2 TYPE <type>` attributes carrying this site's fields (a Gramps attribute each). */
export const LOPIT_FACTS = {
  royalLineage: 'Lopit royal lineage',
  sample: 'Lopit sample data',
  status: 'Lopit record status',
  root: 'Lopit root person',
} as const;

/** Custom tags written by exports before the FACT attributes; still read so older files import the same. */
export const LEGACY_GEDCOM_TAGS = {
  royalLineage: '_ROYAL',
  sample: '_SAMPLE',
  status: '_STATUS',
  root: '_ROOT',
} as const;

/** REFN types of older exports; the ids now go in an untyped REFN (Gramps keeps the value, drops the TYPE). */
export const PERSON_REFN_TYPE = 'lopit-person-id';
export const MARRIAGE_REFN_TYPE = 'lopit-marriage-id';

/** Longest piece of text on one line: with level, tag and a CONC, a line stays under GEDCOM's 255 characters. */
const LINE_TEXT = 200;

/** '@' doubled, as GEDCOM line values require. */
const escape = (text: string) => text.replace(/@/g, '@@');

/** A one-line value (names, ids): whitespace collapsed; a name is far shorter than a line. */
const oneLine = (text: string) => escape(text.replace(/\s+/g, ' ').trim());

/**
 * A text of any length as `level tag value` plus CONT (new line) and CONC (same line) continuations: pieces end
 * before a non-space (readers that trim lines keep the spaces) and never between the halves of a surrogate pair.
 */
export function gedcomText(level: number, tag: string, text: string): string[] {
  const lines: string[] = [];
  text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .forEach((line, lineIndex) => {
      let rest = escape(line);
      let first = true;
      do {
        let cut = Math.min(rest.length, LINE_TEXT);
        if (cut < rest.length) {
          while (cut > 1 && (rest[cut - 1] === ' ' || rest[cut] === ' ')) cut--;
          if (/[\uD800-\uDBFF]/.test(rest[cut - 1] ?? '')) cut--;
          // "@@" must stay on one line.
          if (rest[cut - 1] === '@' && rest[cut] === '@') cut--;
        }
        const piece = rest.slice(0, cut);
        rest = rest.slice(cut);
        const prefix =
          lineIndex === 0 && first ? `${level} ${tag}` : `${level + 1} ${first ? 'CONT' : 'CONC'}`;
        lines.push(piece === '' ? prefix : `${prefix} ${piece}`);
        first = false;
      } while (rest.length > 0);
    });
  return lines;
}

const fact = (value: string, type: string) => [`1 FACT ${oneLine(value)}`, `2 TYPE ${type}`];

/** The FACT type of a person's name in the order written, when genealogy tools would reorder it (see nameLines). */
export const NAME_AS_WRITTEN_TYPE = 'Lopit name as written';

/** Words joined by single spaces; empty pieces left out. */
export const joinWords = (...parts: (string | undefined)[]) =>
  parts
    .filter((part): part is string => part !== undefined && part.trim() !== '')
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();

/** `text` without `part`: at the start (or end) when it is there, else its first (or last) occurrence. */
function without(text: string, part: string | undefined, side: 'start' | 'end'): string {
  if (part === undefined) return text;
  const at =
    side === 'start'
      ? text.startsWith(part)
        ? 0
        : text.indexOf(part)
      : text.endsWith(part)
        ? text.length - part.length
        : text.lastIndexOf(part);
  return at < 0 ? text : joinWords(text.slice(0, at), text.slice(at + part.length));
}

/**
 * A person's name as GEDCOM's pieces: prefix (NPFX), given names (GIVN), surname (SURN, its prefix SPFX) and
 * suffix (NSFX). `canonical` when the name reads "prefix given surname suffix", the only order genealogy tools
 * keep: Gramps rewrites "/Ikuma/ Lokure" as "Lokure /Ikuma/" and turns text after a surname into a suffix.
 */
export function namePieces(person: Person): { given: string; canonical: boolean } {
  const core = without(without(person.name, person.namePrefix, 'start'), person.nameSuffix, 'end');
  const at = person.surname === undefined ? -1 : core.lastIndexOf(person.surname);
  const given = at < 0 ? core : joinWords(core.slice(0, at), core.slice(at + (person.surname?.length ?? 0)));
  const surname = at < 0 ? undefined : person.surname;
  const canonical = joinWords(person.namePrefix, given, surname, person.nameSuffix) === person.name;
  return { given, canonical };
}

/**
 * GEDCOM's NAME ("Dr. Lewis /Garner/ Sr", the surname between slashes) in the order genealogy tools keep, with
 * its pieces when the name has a prefix or suffix or another order, and then the name as written in a FACT (which
 * Gramps keeps) that the import puts back.
 */
function nameLines(person: Person): string[] {
  const { given, canonical } = namePieces(person);
  const surname =
    person.surname !== undefined && person.name.includes(person.surname) ? person.surname : undefined;
  const lines = [
    `1 NAME ${oneLine(joinWords(person.namePrefix, given, surname && `/${surname}/`, person.nameSuffix))}`,
  ];
  if (canonical && !person.namePrefix && !person.nameSuffix && !person.surnamePrefix) return lines;
  const piece = (tag: string, value: string | undefined) =>
    value === undefined ? [] : [value === '' ? `2 ${tag}` : `2 ${tag} ${oneLine(value)}`];
  const spfx = person.surnamePrefix;
  lines.push(
    ...piece('NPFX', person.namePrefix),
    // Written even when empty: Gramps otherwise takes the words after "/surname/" for given names.
    ...piece('GIVN', given),
    ...piece('SPFX', spfx),
    ...piece('SURN', spfx && surname?.startsWith(spfx) ? surname.slice(spfx.length).trim() : surname),
    ...piece('NSFX', person.nameSuffix),
  );
  if (!canonical) lines.push(...fact(person.name, NAME_AS_WRITTEN_TYPE));
  return lines;
}

/** Dates go as written: their '@' are calendar escapes (@#DJULIAN@), not text to double. */
const dateLine = (date: string) => `2 DATE ${date.replace(/\s+/g, ' ').trim()}`;

const SEX: Record<Person['gender'], string> = { male: 'M', female: 'F', unknown: 'U' };

export interface GedcomExportOptions {
  /** Written in HEAD DATE; defaults to today. Pass a fixed date for reproducible files and tests. */
  date?: Date;
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const gedcomDate = (date: Date) =>
  `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()] ?? 'JAN'} ${date.getUTCFullYear()}`;

/** Serialises the family data as a GEDCOM 5.5.1 file (UTF-8, LF line ends). Pure: no I/O. */
export function toGedcom(data: FamilyData, options: GedcomExportOptions = {}): string {
  const persons = Object.values(data.persons);
  const personXref = new Map(persons.map((person, index) => [person.id, `@I${index + 1}@`]));
  const familyXref = new Map(data.marriages.map((marriage, index) => [marriage.id, `@F${index + 1}@`]));
  const asChild = new Map<string, string[]>();
  const asSpouse = new Map<string, string[]>();
  const push = (map: Map<string, string[]>, key: string, item: string) =>
    map.set(key, [...(map.get(key) ?? []), item]);
  for (const marriage of data.marriages) {
    const xref = familyXref.get(marriage.id) as string;
    for (const parentId of parentsOf(marriage)) push(asSpouse, parentId, xref);
    for (const childId of marriage.childIds) push(asChild, childId, xref);
  }

  const lines: string[] = [
    '0 HEAD',
    '1 SOUR LOPIT_PLATFORM',
    '2 NAME Lopit community platform',
    `1 DATE ${gedcomDate(options.date ?? new Date())}`,
    '1 SUBM @U1@',
    '1 GEDC',
    '2 VERS 5.5.1',
    '2 FORM LINEAGE-LINKED',
    '1 CHAR UTF-8',
    '0 @U1@ SUBM',
    '1 NAME Lopit community platform',
  ];
  for (const person of persons) {
    lines.push(`0 ${personXref.get(person.id)} INDI`, ...nameLines(person), `1 SEX ${SEX[person.gender]}`);
    const born = person.birthDate ?? person.birthYear?.toString();
    if (born !== undefined) lines.push('1 BIRT', dateLine(born));
    if (person.deathDate !== undefined) lines.push('1 DEAT', dateLine(person.deathDate));
    else if (person.deceased) lines.push('1 DEAT Y');
    lines.push(`1 REFN ${person.id}`);
    if (person.royalLineage) lines.push(...fact('Y', LOPIT_FACTS.royalLineage));
    if (person.sample) lines.push(...fact('Y', LOPIT_FACTS.sample));
    lines.push(...fact(person.status, LOPIT_FACTS.status));
    if (person.id === data.rootPersonId) lines.push(...fact('Y', LOPIT_FACTS.root));
    for (const source of person.sources) lines.push(...gedcomText(1, 'SOUR', source));
    for (const xref of asChild.get(person.id) ?? []) lines.push(`1 FAMC ${xref}`);
    for (const xref of new Set(asSpouse.get(person.id) ?? [])) lines.push(`1 FAMS ${xref}`);
  }
  for (const marriage of data.marriages) {
    lines.push(`0 ${familyXref.get(marriage.id)} FAM`);
    if (marriage.husbandId !== undefined) lines.push(`1 HUSB ${personXref.get(marriage.husbandId)}`);
    if (marriage.wifeId !== undefined) lines.push(`1 WIFE ${personXref.get(marriage.wifeId)}`);
    lines.push(...marriage.childIds.map((childId) => `1 CHIL ${personXref.get(childId)}`));
    // A couple in this data is a marriage (the page draws it so); a one-parent family is not one.
    const events = marriage.events ?? [];
    const couple = marriage.husbandId !== undefined && marriage.wifeId !== undefined;
    if (couple && !events.some((event) => event.type === 'MARR')) lines.push('1 MARR Y');
    for (const event of events)
      lines.push(
        ...(event.date === undefined ? [`1 ${event.type} Y`] : [`1 ${event.type}`, dateLine(event.date)]),
      );
    lines.push(`1 REFN ${marriage.id}`);
  }
  lines.push('0 TRLR');
  return `${lines.join('\n')}\n`;
}
