// GEDCOM 5.5.1 export of the family data: INDI and FAM records linked both ways (FAMC/FAMS and HUSB/WIFE/CHIL).
import type { FamilyData, Person } from './family-schema.ts';

/** Custom tags (underscore-prefixed, as GEDCOM 5.5.1 allows) carry what the standard has no place for. */
export const GEDCOM_TAGS = {
  royalLineage: '_ROYAL',
  sample: '_SAMPLE',
  status: '_STATUS',
  root: '_ROOT',
} as const;
/** REFN types that carry this site's ids, so a round trip keeps them. */
export const PERSON_REFN_TYPE = 'lopit-person-id';
export const MARRIAGE_REFN_TYPE = 'lopit-marriage-id';

/** GEDCOM values: one line, '@' doubled, at most 248 characters (a 255-character line with level and tag). */
function value(text: string): string {
  return text.replace(/\s+/g, ' ').trim().replace(/@/g, '@@').slice(0, 248);
}

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
    push(asSpouse, marriage.husbandId, xref);
    push(asSpouse, marriage.wifeId, xref);
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
    lines.push(
      `0 ${personXref.get(person.id)} INDI`,
      `1 NAME ${value(person.name)}`,
      `1 SEX ${SEX[person.gender]}`,
    );
    if (person.birthYear !== undefined) lines.push('1 BIRT', `2 DATE ${person.birthYear}`);
    lines.push(`1 REFN ${value(person.id)}`, `2 TYPE ${PERSON_REFN_TYPE}`);
    for (const source of person.sources) lines.push(`1 SOUR ${value(source)}`);
    if (person.royalLineage) lines.push(`1 ${GEDCOM_TAGS.royalLineage} Y`);
    if (person.sample) lines.push(`1 ${GEDCOM_TAGS.sample} Y`);
    lines.push(`1 ${GEDCOM_TAGS.status} ${person.status}`);
    if (person.id === data.rootPersonId) lines.push(`1 ${GEDCOM_TAGS.root} Y`);
    for (const xref of asChild.get(person.id) ?? []) lines.push(`1 FAMC ${xref}`);
    for (const xref of new Set(asSpouse.get(person.id) ?? [])) lines.push(`1 FAMS ${xref}`);
  }
  for (const marriage of data.marriages) {
    lines.push(
      `0 ${familyXref.get(marriage.id)} FAM`,
      `1 HUSB ${personXref.get(marriage.husbandId)}`,
      `1 WIFE ${personXref.get(marriage.wifeId)}`,
      ...marriage.childIds.map((childId) => `1 CHIL ${personXref.get(childId)}`),
      `1 REFN ${value(marriage.id)}`,
      `2 TYPE ${MARRIAGE_REFN_TYPE}`,
    );
  }
  lines.push('0 TRLR');
  return `${lines.join('\n')}\n`;
}
