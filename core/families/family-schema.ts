// Family data file schema (persons, marriages, root, precomputed layouts): one definition gives validation and types.
import { z } from 'zod';

/** Ids are slugs: lower-case letters, digits and single hyphens ("sample-king-2", "ikuma"). */
export const PERSON_ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const personIdSchema = z
  .string()
  .regex(PERSON_ID_PATTERN, 'Person ids are lower-case slugs (a-z, 0-9, hyphens)');

/** "unknown" exists only for imported genealogies whose SEX is missing or U; the shipped data is male/female. */
export const GENDERS = ['male', 'female', 'unknown'] as const;
export const genderSchema = z.enum(GENDERS);
export type Gender = z.infer<typeof genderSchema>;

/** heritage-facts.md: every heritage record is draft until the community's editors confirm it. */
export const recordStatusSchema = z.enum(['verified', 'draft']);

/**
 * A date as GEDCOM writes it, kept whole so qualifiers, ranges and calendars survive: "12 MAR 1921", "ABT 1850",
 * "BET 1850 AND 1860", "BEF 900", "@#DJULIAN@ 850", "(in the dry season)". core/families/dates.ts reads it.
 */
export const gedcomDateSchema = z.string().trim().min(1).max(120);

export const personSchema = z.strictObject({
  id: personIdSchema,
  /** May include titles or bracketed alternate names. */
  name: z.string().trim().min(1).max(200),
  /** The part of `name` that is a family name (GEDCOM's /surname/), when one is known. */
  surname: z.string().trim().min(1).max(120).optional(),
  /** The part of `name` before the given names that is a title or prefix (GEDCOM NPFX: "Dr.", "Lt. Cmndr."). */
  namePrefix: z.string().trim().min(1).max(120).optional(),
  /** The part of `name` after the family name that is a suffix (GEDCOM NSFX: "Sr", "III"). */
  nameSuffix: z.string().trim().min(1).max(120).optional(),
  /** The beginning of `surname` that is a surname prefix (GEDCOM SPFX: "van" of "van Beethoven"). */
  surnamePrefix: z.string().trim().min(1).max(60).optional(),
  gender: genderSchema,
  /** The birth year (the first year of `birthDate`), for sorting and the page's short labels. */
  birthYear: z.number().int().min(1).max(9999).optional(),
  birthDate: gedcomDateSchema.optional(),
  deathDate: gedcomDateSchema.optional(),
  /** Known to have died though no date is known (GEDCOM "DEAT Y" or a DEAT without DATE); absent when alive or unknown. */
  deceased: z.literal(true).optional(),
  royalLineage: z.boolean(),
  /** True for illustrative placeholder persons; the UI says so while any remain. */
  sample: z.boolean(),
  status: recordStatusSchema,
  sources: z.array(z.string().trim().min(1)),
});
export type Person = z.infer<typeof personSchema>;

/**
 * The family events a family keeps, by GEDCOM tag: engagement, marriage banns, contract, licence, settlement,
 * marriage, divorce filed, divorce, annulment. Census, residence and EVEN are not kept (the import counts them).
 */
export const FAMILY_EVENT_TYPES = [
  'ENGA',
  'MARB',
  'MARC',
  'MARL',
  'MARS',
  'MARR',
  'DIVF',
  'DIV',
  'ANUL',
] as const;
export const familyEventSchema = z.strictObject({
  type: z.enum(FAMILY_EVENT_TYPES),
  /** Absent when the event is known without a date; a couple is married with or without a MARR event. */
  date: gedcomDateSchema.optional(),
});
export type FamilyEvent = z.infer<typeof familyEventSchema>;

/** A couple and their children; a one-parent family (GEDCOM FAM with one spouse) lacks the other parent. */
export const marriageSchema = z.strictObject({
  id: personIdSchema,
  husbandId: personIdSchema.optional(),
  wifeId: personIdSchema.optional(),
  childIds: z.array(personIdSchema),
  /** Dated events of the family in the order the source lists them; absent when there are none. */
  events: z.array(familyEventSchema).min(1).max(50).optional(),
});
export type Marriage = z.infer<typeof marriageSchema>;

export const pointSchema = z.strictObject({ x: z.number(), y: z.number() });
export type Point = z.infer<typeof pointSchema>;

export const LAYOUT_VIEWS = ['generations', 'organic'] as const;
export type LayoutView = (typeof LAYOUT_VIEWS)[number];

/** Positions per view, keyed by person id, computed in Node when the data is built or imported. */
export const familyLayoutSchema = z.strictObject({
  generations: z.record(z.string(), pointSchema),
  organic: z.record(z.string(), pointSchema),
});
export type FamilyLayout = z.infer<typeof familyLayoutSchema>;

const familyDataShape = z.strictObject({
  rootPersonId: personIdSchema,
  persons: z.record(personIdSchema, personSchema),
  marriages: z.array(marriageSchema),
  layout: familyLayoutSchema.optional(),
});

/** Cross-record rules: keys match ids, every reference resolves, no child is listed twice in one marriage. */
export const familyDataSchema = familyDataShape.superRefine((data, ctx) => {
  const has = (id: string) => Object.hasOwn(data.persons, id);
  for (const [key, person] of Object.entries(data.persons)) {
    if (person.surname !== undefined && !person.name.includes(person.surname))
      ctx.addIssue({
        code: 'custom',
        path: ['persons', key, 'surname'],
        message: `The surname ${person.surname} is not part of the name`,
      });
    for (const field of ['namePrefix', 'nameSuffix'] as const) {
      const part = person[field];
      if (part !== undefined && !person.name.includes(part))
        ctx.addIssue({
          code: 'custom',
          path: ['persons', key, field],
          message: `The ${field === 'namePrefix' ? 'prefix' : 'suffix'} ${part} is not part of the name`,
        });
    }
    if (
      person.surnamePrefix !== undefined &&
      (person.surname === undefined || !person.surname.startsWith(person.surnamePrefix))
    )
      ctx.addIssue({
        code: 'custom',
        path: ['persons', key, 'surnamePrefix'],
        message: `The surname prefix ${person.surnamePrefix} does not begin the surname`,
      });
    if (person.deceased && person.deathDate !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['persons', key, 'deceased'],
        message: 'A person with a death date is deceased already; "deceased" is for deaths without a date',
      });
    if (key !== person.id)
      ctx.addIssue({
        code: 'custom',
        path: ['persons', key, 'id'],
        message: `Key ${key} differs from id ${person.id}`,
      });
  }
  if (!has(data.rootPersonId))
    ctx.addIssue({
      code: 'custom',
      path: ['rootPersonId'],
      message: `Unknown root person ${data.rootPersonId}`,
    });
  const marriageIds = new Set<string>();
  data.marriages.forEach((marriage, index) => {
    if (marriageIds.has(marriage.id))
      ctx.addIssue({
        code: 'custom',
        path: ['marriages', index, 'id'],
        message: `Duplicate marriage id ${marriage.id}`,
      });
    marriageIds.add(marriage.id);
    if (marriage.husbandId === undefined && marriage.wifeId === undefined)
      ctx.addIssue({ code: 'custom', path: ['marriages', index], message: 'A family needs a parent' });
    for (const field of ['husbandId', 'wifeId'] as const) {
      const id = marriage[field];
      if (id !== undefined && !has(id))
        ctx.addIssue({
          code: 'custom',
          path: ['marriages', index, field],
          message: `Unknown person ${id}`,
        });
    }
    if (new Set(marriage.childIds).size !== marriage.childIds.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['marriages', index, 'childIds'],
        message: 'A child is listed twice',
      });
    }
    marriage.childIds.forEach((childId, childIndex) => {
      if (!has(childId))
        ctx.addIssue({
          code: 'custom',
          path: ['marriages', index, 'childIds', childIndex],
          message: `Unknown person ${childId}`,
        });
      if (childId === marriage.husbandId || childId === marriage.wifeId) {
        ctx.addIssue({
          code: 'custom',
          path: ['marriages', index, 'childIds', childIndex],
          message: 'A parent cannot be their own child',
        });
      }
    });
  });
});
export type FamilyData = z.infer<typeof familyDataSchema>;

/** Validates unknown input (a JSON file, an import) and returns typed data or throws a readable error. */
export function parseFamilyData(input: unknown): FamilyData {
  const result = familyDataSchema.safeParse(input);
  if (result.success) return result.data;
  const lines = result.error.issues.slice(0, 10).map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  throw new Error(`Invalid family data:\n${lines.join('\n')}`);
}

/** The parents a family has (one or two), husband first. */
export const parentsOf = (marriage: Marriage): string[] =>
  [marriage.husbandId, marriage.wifeId].filter((id): id is string => id !== undefined);
