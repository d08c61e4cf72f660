// The family data as the worker sends it to the page: in parts (persons, marriages and positions a few hundred at a
// time), so the page's thread reads each part in a short task of its own instead of one long one for the whole
// tree (reading a message costs the page's thread time in proportion to what it holds); and put back together.
import {
  adoptWholeGraph,
  wholeGraphOf,
  type GraphLink,
  type Neighbour,
} from '../../../core/families/family-graph.ts';
import {
  LAYOUT_VIEWS,
  type FamilyData,
  type LayoutView,
  type Marriage,
  type Person,
  type Point,
} from '../../../core/families/family-schema.ts';

/** Records per message: reading 500 persons is a few milliseconds on a slow phone. */
export const FAMILY_DATA_PART_RECORDS = 500;

export type FamilyDataReply =
  | { ok: true; part: 'persons'; records: [string, Person][] }
  | { ok: true; part: 'marriages'; records: Marriage[] }
  | { ok: true; part: 'layout'; view: LayoutView; records: [string, Point][] }
  | { ok: true; part: 'links'; records: GraphLink[] }
  | { ok: true; part: 'neighbours'; records: [string, Neighbour[]][] }
  | { ok: true; part: 'done'; rootPersonId: string; hasLayout: boolean }
  | { ok: false; message: string };

export function* familyDataParts(data: FamilyData): Generator<FamilyDataReply> {
  const slices = <T>(records: T[]) =>
    Array.from({ length: Math.ceil(records.length / FAMILY_DATA_PART_RECORDS) }, (_, index) =>
      records.slice(index * FAMILY_DATA_PART_RECORDS, (index + 1) * FAMILY_DATA_PART_RECORDS),
    );
  for (const records of slices(Object.entries(data.persons))) yield { ok: true, part: 'persons', records };
  for (const records of slices(data.marriages)) yield { ok: true, part: 'marriages', records };
  for (const view of LAYOUT_VIEWS)
    for (const records of slices(Object.entries(data.layout?.[view] ?? {})))
      yield { ok: true, part: 'layout', view, records };
  // The links and neighbours every graph of the data is cut from (family-graph.ts), so the page need not compute them.
  const { links, neighbours } = wholeGraphOf(data);
  for (const records of slices(links)) yield { ok: true, part: 'links', records };
  for (const records of slices([...neighbours])) yield { ok: true, part: 'neighbours', records };
  yield { ok: true, part: 'done', rootPersonId: data.rootPersonId, hasLayout: data.layout !== undefined };
}

/** Puts the parts back together on the page's side; `done` gives the data once the last part is in. */
export class FamilyDataAssembly {
  private readonly persons: Record<string, Person> = {};
  private readonly marriages: Marriage[] = [];
  private readonly layout: Record<LayoutView, Record<string, Point>> = { generations: {}, organic: {} };
  private readonly links: GraphLink[] = [];
  private readonly neighbours = new Map<string, Neighbour[]>();

  /** The data when `reply` was the last part, else null; throws the worker's error. */
  add(reply: FamilyDataReply): FamilyData | null {
    if (!reply.ok) throw new Error(reply.message);
    switch (reply.part) {
      case 'persons':
        for (const [id, person] of reply.records) this.persons[id] = person;
        return null;
      case 'marriages':
        for (const marriage of reply.records) this.marriages.push(marriage);
        return null;
      case 'layout':
        for (const [id, point] of reply.records) this.layout[reply.view][id] = point;
        return null;
      case 'links':
        for (const link of reply.records) this.links.push(link);
        return null;
      case 'neighbours':
        for (const [id, neighbours] of reply.records) this.neighbours.set(id, neighbours);
        return null;
      case 'done': {
        const data: FamilyData = {
          rootPersonId: reply.rootPersonId,
          persons: this.persons,
          marriages: this.marriages,
          ...(reply.hasLayout ? { layout: this.layout } : {}),
        };
        adoptWholeGraph(data, { links: this.links, neighbours: this.neighbours });
        return data;
      }
    }
  }
}
