// Schemas of the heritage content files (villages, history, culture, about) and the record rules of heritage-facts.md.
import { z } from 'zod';

/** Where a heritage record's facts come from. A URL when the source is public, otherwise only a title. */
export const sourceSchema = z.strictObject({
  title: z.string().trim().min(1),
  url: z.url({ protocol: /^https?$/ }).optional(),
});
export type Source = z.infer<typeof sourceSchema>;

/** "draft" until the community's editors confirm a record; only then "verified". */
export const RECORD_STATUSES = ['verified', 'draft'] as const;
export const recordStatusSchema = z.enum(RECORD_STATUSES);
export type RecordStatus = z.infer<typeof recordStatusSchema>;

const idSchema = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'ids are lower-case kebab-case slugs');
/** Text an editor has written. `null` means "not known yet": the UI shows "Awaiting community review". */
const knownText = z.string().trim().min(1);
const unknownable = <T extends z.ZodType>(schema: T) => schema.nullable();

const recordMeta = {
  id: idSchema,
  status: recordStatusSchema,
  sources: z.array(sourceSchema),
};

/** Names of a record's fields whose value is not known yet (`null`). */
export function unknownFields(record: object): string[] {
  return Object.entries(record)
    .filter(([, value]) => value === null)
    .map(([key]) => key);
}

/**
 * The record rules of heritage-facts.md: a record may be marked "verified" only when it names at least one
 * source and none of its fields is still unknown. Everything else stays "draft".
 */
function checkRecordRules(record: { status: RecordStatus; sources: Source[] }, ctx: z.RefinementCtx): void {
  if (record.status !== 'verified') return;
  if (record.sources.length === 0) {
    ctx.addIssue({
      code: 'custom',
      path: ['sources'],
      message: 'a verified record needs at least one source',
    });
  }
  for (const field of unknownFields(record)) {
    ctx.addIssue({
      code: 'custom',
      path: [field],
      message: 'a verified record cannot have unknown (null) fields; mark it "draft"',
    });
  }
}

export const coordinatesSchema = z.strictObject({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});
export type Coordinates = z.infer<typeof coordinatesSchema>;

/** Product-spec section 3, Village. Field names follow the spec (`administrative_role`, `isMainVillage`). */
export const villageSchema = z
  .strictObject({
    ...recordMeta,
    name: unknownable(knownText),
    role: unknownable(knownText),
    location: unknownable(knownText),
    coordinates: unknownable(coordinatesSchema),
    administrative_role: unknownable(knownText),
    description: unknownable(knownText),
    /** `true` for the primary village; `null` while the community has not said which one it is. */
    isMainVillage: unknownable(z.boolean()),
  })
  .superRefine(checkRecordRules);
export type Village = z.infer<typeof villageSchema>;

export const HISTORY_EVENT_TYPES = ['governance', 'conflict', 'ceremony', 'documentation'] as const;
export const historyEventTypeSchema = z.enum(HISTORY_EVENT_TYPES);
export type HistoryEventType = z.infer<typeof historyEventTypeSchema>;

/** Product-spec section 3, History event. Year and type may be `null` in drafts, left for editors. */
export const historyEventSchema = z
  .strictObject({
    ...recordMeta,
    year: unknownable(z.number().int().min(1).max(2200)),
    /** A more precise date as written, when known (e.g. "15-16 January 2022"). */
    date: z.string().trim().min(1).optional(),
    title: knownText,
    description: unknownable(knownText),
    type: unknownable(historyEventTypeSchema),
    details: z.array(knownText),
  })
  .superRefine(checkRecordRules);
export type HistoryEvent = z.infer<typeof historyEventSchema>;

export const CULTURE_ICONS = ['ceremony', 'generations', 'governance', 'community'] as const;
export const cultureIconSchema = z.enum(CULTURE_ICONS);
export type CultureIcon = z.infer<typeof cultureIconSchema>;

/** Product-spec section 3, Culture topic. `icon` names one of the app's inline SVG icons. */
export const cultureTopicSchema = z
  .strictObject({
    ...recordMeta,
    title: knownText,
    description: unknownable(knownText),
    details: z.array(knownText),
    icon: cultureIconSchema,
  })
  .superRefine(checkRecordRules);
export type CultureTopic = z.infer<typeof cultureTopicSchema>;

/** Product-spec section 3, Recent transition summary. */
export const recentTransitionSchema = z
  .strictObject({
    ...recordMeta,
    date: knownText,
    location: unknownable(knownText),
    /** The name the new ruling generation goes by. */
    newGeneration: unknownable(knownText),
    generationNumber: z.number().int().min(1),
    termStart: z.number().int(),
    termEnd: z.number().int(),
    attendees: unknownable(knownText),
  })
  .superRefine(checkRecordRules)
  .refine((t) => t.termEnd > t.termStart, { path: ['termEnd'], message: 'termEnd must be after termStart' });
export type RecentTransition = z.infer<typeof recentTransitionSchema>;

export const coreValueSchema = z
  .strictObject({
    ...recordMeta,
    title: knownText,
    description: unknownable(knownText),
  })
  .superRefine(checkRecordRules);

/** One section of the About page: paragraphs of text written from the facts sheet. */
export const aboutSectionSchema = z
  .strictObject({
    ...recordMeta,
    title: knownText,
    paragraphs: z.array(knownText).min(1),
    /** What editors still need to supply for this section, shown with the draft marker. */
    awaiting: z.array(knownText),
  })
  .superRefine(checkRecordRules)
  .refine((section) => section.status === 'draft' || section.awaiting.length === 0, {
    path: ['awaiting'],
    message: 'a verified section cannot still be awaiting input; mark it "draft"',
  });

/** Ids must be unique within a list, so pages can key and link by id. */
function uniqueIds<T extends { id: string }>(list: z.ZodArray<z.ZodType<T>>) {
  return list.superRefine((records, ctx) => {
    const seen = new Set<string>();
    records.forEach((record, index) => {
      if (seen.has(record.id)) {
        ctx.addIssue({ code: 'custom', path: [index, 'id'], message: `duplicate id "${record.id}"` });
      }
      seen.add(record.id);
    });
  });
}

export const villagesFileSchema = z
  .strictObject({ villages: uniqueIds(z.array(villageSchema)) })
  .refine((file) => file.villages.filter((v) => v.isMainVillage === true).length <= 1, {
    path: ['villages'],
    message: 'at most one village can be the primary village',
  });

export const historyFileSchema = z.strictObject({ events: uniqueIds(z.array(historyEventSchema)) });

export const cultureFileSchema = z.strictObject({
  recentTransition: recentTransitionSchema,
  topics: uniqueIds(z.array(cultureTopicSchema)),
  coreValues: uniqueIds(z.array(coreValueSchema)),
});
export type CultureFile = z.infer<typeof cultureFileSchema>;

export const aboutFileSchema = z.strictObject({
  hero: z.strictObject({ title: knownText, lead: knownText }),
  sections: uniqueIds(z.array(aboutSectionSchema)),
});
export type AboutFile = z.infer<typeof aboutFileSchema>;

/** Thrown when a content file does not match its schema; the message names the file and every bad field. */
export class HeritageContentError extends Error {
  readonly file: string;
  readonly fields: string[];

  constructor(file: string, error: z.ZodError) {
    const fields = error.issues.map((issue) => formatPath(issue.path));
    const lines = error.issues.map((issue, i) => `  - ${fields[i] ?? '(root)'}: ${issue.message}`);
    super(`Invalid heritage content in ${file}:\n${lines.join('\n')}`);
    this.name = 'HeritageContentError';
    this.file = file;
    this.fields = fields;
  }
}

/** `["villages", 4, "name"]` -> `villages[4].name`. */
function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(root)';
  return path
    .map((part, i) => (typeof part === 'number' ? `[${part}]` : `${i === 0 ? '' : '.'}${String(part)}`))
    .join('');
}

/** Parses one content file with its schema, or throws a HeritageContentError naming the file and fields. */
export function parseContentFile<S extends z.ZodType>(schema: S, data: unknown, file: string): z.output<S> {
  const result = schema.safeParse(data);
  if (!result.success) throw new HeritageContentError(file, result.error);
  return result.data;
}

export const CONTENT_FILES = {
  villages: 'content/heritage/villages.json',
  history: 'content/heritage/history.json',
  culture: 'content/heritage/culture.json',
  about: 'content/heritage/about.json',
} as const;

export const parseVillagesFile = (data: unknown, file: string = CONTENT_FILES.villages) =>
  parseContentFile(villagesFileSchema, data, file);
export const parseHistoryFile = (data: unknown, file: string = CONTENT_FILES.history) =>
  parseContentFile(historyFileSchema, data, file);
export const parseCultureFile = (data: unknown, file: string = CONTENT_FILES.culture) =>
  parseContentFile(cultureFileSchema, data, file);
export const parseAboutFile = (data: unknown, file: string = CONTENT_FILES.about) =>
  parseContentFile(aboutFileSchema, data, file);
