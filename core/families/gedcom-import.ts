// GEDCOM import (read-gedcom parses; this maps INDI/FAM records to the family data, honouring links in both directions).
import { readGedcom } from 'read-gedcom';
import type { SelectionAny, SelectionGedcom } from 'read-gedcom';
import { GEDCOM_TAGS, MARRIAGE_REFN_TYPE, PERSON_REFN_TYPE } from './gedcom-export.ts';
import { PERSON_ID_PATTERN, parseFamilyData } from './family-schema.ts';
import type { FamilyData, Gender, Marriage, Person } from './family-schema.ts';

export interface GedcomImportOptions {
  /** Source citation given to persons whose record cites none, e.g. "GEDCOM import: family.ged (2025-01-31)". */
  defaultSource?: string;
  /** Root person id (after import) when the file carries no _ROOT marker. */
  rootId?: string;
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

const first = (selection: SelectionAny): string | undefined => selection.value()[0] ?? undefined;
const yes = (selection: SelectionAny) => /^y/i.test(first(selection) ?? '');

/** The REFN value whose TYPE is `type`, if any. */
function refn(record: SelectionAny, type: string): string | undefined {
  for (const ref of record.get('REFN').arraySelect()) {
    if (first(ref.get('TYPE')) === type) return first(ref) ?? undefined;
  }
  return undefined;
}

const cleanName = (raw: string | undefined) => (raw ?? '').replace(/\//g, ' ').replace(/\s+/g, ' ').trim();

function sourcesOf(gedcom: SelectionGedcom, record: SelectionAny): string[] {
  const result: string[] = [];
  for (const citation of record.get('SOUR').arraySelect()) {
    const text = first(citation);
    if (!text) continue;
    if (/^@[^@]+@$/.test(text)) {
      const title =
        first(gedcom.getSourceRecord(text).getDescriptiveTitle()) ??
        first(gedcom.getSourceRecord(text).getShortTitle());
      if (title) result.push(title.trim());
    } else {
      result.push(text.trim());
    }
  }
  return result.filter((text) => text !== '');
}

const SEXES: Record<string, Gender> = { M: 'male', F: 'female' };

/** Parses a GEDCOM file (5.5.1; read-gedcom also tolerates 5.5 and 5.5.5) into validated family data without layout. */
export function fromGedcom(
  input: ArrayBuffer | Uint8Array | string,
  options: GedcomImportOptions = {},
): FamilyData {
  const bytes =
    typeof input === 'string'
      ? new TextEncoder().encode(input)
      : input instanceof Uint8Array
        ? input
        : new Uint8Array(input);
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  const gedcom = readGedcom(buffer);

  const taken = new Set<string>();
  const idByXref = new Map<string, string>();
  const persons: Record<string, Person> = {};
  let rootId = options.rootId;
  for (const indi of gedcom.getIndividualRecord().arraySelect()) {
    const xref = indi.pointer()[0];
    if (!xref) continue;
    const name = cleanName(first(indi.getName())) || 'Unnamed person';
    const wanted = refn(indi, PERSON_REFN_TYPE);
    const id = uniqueId(wanted && PERSON_ID_PATTERN.test(wanted) ? wanted : slugify(name), taken);
    idByXref.set(xref, id);
    const birth = /\b(\d{3,4})\b/.exec(first(indi.getEventBirth().getDate()) ?? '');
    const sources = sourcesOf(gedcom, indi);
    if (sources.length === 0 && options.defaultSource) sources.push(options.defaultSource);
    const person: Person = {
      id,
      name,
      gender: SEXES[(first(indi.getSex()) ?? '').toUpperCase().charAt(0)] ?? 'unknown',
      royalLineage: yes(indi.get(GEDCOM_TAGS.royalLineage)),
      sample: yes(indi.get(GEDCOM_TAGS.sample)),
      status: first(indi.get(GEDCOM_TAGS.status)) === 'verified' ? 'verified' : 'draft',
      sources,
    };
    if (birth?.[1]) person.birthYear = Number(birth[1]);
    persons[id] = person;
    if (yes(indi.get(GEDCOM_TAGS.root)) && !options.rootId) rootId = id;
  }

  const marriages = readFamilies(gedcom, idByXref, persons, taken);
  return parseFamilyData({ rootPersonId: rootId ?? guessRoot(persons, marriages), persons, marriages });
}

/** FAM records, completed with FAMC/FAMS links that the FAM record itself lacks; a missing spouse becomes a placeholder. */
function readFamilies(
  gedcom: SelectionGedcom,
  idByXref: Map<string, string>,
  persons: Record<string, Person>,
  taken: Set<string>,
): Marriage[] {
  const byXref = new Map<string, { marriage: Marriage; husbandId?: string; wifeId?: string }>();
  const marriageIds = new Set<string>();
  const families = gedcom.getFamilyRecord().arraySelect();
  families.forEach((fam, index) => {
    const xref = fam.pointer()[0];
    if (!xref) return;
    const wanted = refn(fam, MARRIAGE_REFN_TYPE);
    const id = uniqueId(
      wanted && PERSON_ID_PATTERN.test(wanted) ? wanted : `marriage-${index + 1}`,
      marriageIds,
    );
    const person = (ref: SelectionAny) => idByXref.get(first(ref) ?? '');
    const childIds = fam
      .getChild()
      .value()
      .flatMap((ref) => idByXref.get(ref ?? '') ?? []);
    byXref.set(xref, {
      marriage: { id, husbandId: '', wifeId: '', childIds: [...new Set(childIds)] },
      husbandId: person(fam.getHusband()),
      wifeId: person(fam.getWife()),
    });
  });
  // The other direction: an INDI's FAMC/FAMS may name a family that does not list them.
  for (const indi of gedcom.getIndividualRecord().arraySelect()) {
    const id = idByXref.get(indi.pointer()[0] ?? '');
    if (!id) continue;
    for (const famc of indi.get('FAMC').value()) {
      const entry = byXref.get(famc ?? '');
      if (entry && !entry.marriage.childIds.includes(id)) entry.marriage.childIds.push(id);
    }
    for (const fams of indi.get('FAMS').value()) {
      const entry = byXref.get(fams ?? '');
      if (!entry || entry.husbandId === id || entry.wifeId === id) continue;
      const gender = persons[id]?.gender;
      if ((gender === 'female' || entry.husbandId) && !entry.wifeId) entry.wifeId = id;
      else if (!entry.husbandId) entry.husbandId = id;
    }
  }
  const result: Marriage[] = [];
  for (const entry of byXref.values()) {
    const anchor =
      persons[entry.wifeId ?? entry.husbandId ?? entry.marriage.childIds[0] ?? '']?.name ??
      'an unnamed family';
    const placeholder = (gender: Gender, role: string) => {
      const id = uniqueId(slugify(`unknown ${role} of ${anchor}`), taken);
      persons[id] = {
        id,
        name: `Unknown ${role} of ${anchor}`,
        gender,
        royalLineage: false,
        sample: false,
        status: 'draft',
        sources: [],
      };
      return id;
    };
    entry.marriage.husbandId = entry.husbandId ?? placeholder('male', 'husband');
    entry.marriage.wifeId = entry.wifeId ?? placeholder('female', 'wife');
    // Infer a missing sex from the spouse role.
    for (const [field, gender] of [
      ['husbandId', 'male'],
      ['wifeId', 'female'],
    ] as const) {
      const person = persons[entry.marriage[field]];
      if (person?.gender === 'unknown') person.gender = gender;
    }
    entry.marriage.childIds = entry.marriage.childIds.filter(
      (id) => id !== entry.marriage.husbandId && id !== entry.marriage.wifeId,
    );
    result.push(entry.marriage);
  }
  return result;
}

/** Without a _ROOT marker: the parentless person with the most descendants (the earliest ancestor). */
export function guessRoot(persons: Record<string, Person>, marriages: readonly Marriage[]): string {
  const children = new Map<string, string[]>();
  const hasParents = new Set<string>();
  for (const marriage of marriages) {
    for (const parent of [marriage.husbandId, marriage.wifeId])
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
