// The family data sent from the worker in parts comes back whole: the same data, and the same graph of every tree.
import { describe, expect, it } from 'vitest';
import { buildFamilyGraph, treesApart } from '../../../core/families/family-graph.ts';
import { generateLineage } from '../../../core/families/lineage-generator.ts';
import { FamilyDataAssembly, familyDataParts, FAMILY_DATA_PART_RECORDS } from './family-data-parts.ts';

describe('familyDataParts and FamilyDataAssembly', () => {
  it('send a 2,000-person lineage in small parts and put back the same data and graphs', () => {
    const data = generateLineage({ targetPersons: 2000, seed: 5, unconnectedPersons: 8 });
    data.layout = {
      generations: Object.fromEntries(Object.keys(data.persons).map((id, index) => [id, { x: index, y: 1 }])),
      organic: { [data.rootPersonId]: { x: 0, y: 0 } },
    };
    const assembly = new FamilyDataAssembly();
    let whole = null;
    let messages = 0;
    // Structured clone, as postMessage copies each part.
    for (const part of familyDataParts(structuredClone(data))) {
      if ('records' in part) expect(part.records.length).toBeLessThanOrEqual(FAMILY_DATA_PART_RECORDS);
      messages += 1;
      whole = assembly.add(structuredClone(part));
    }
    expect(messages).toBeGreaterThan(10);
    expect(whole).toEqual(data);
    if (!whole) throw new Error('no data');
    expect(Object.keys(whole.persons)).toEqual(Object.keys(data.persons));
    expect(buildFamilyGraph(whole)).toEqual(buildFamilyGraph(data));
    const [tree] = treesApart(data);
    expect(tree).toBeDefined();
    expect(buildFamilyGraph(whole, tree?.rootId)).toEqual(buildFamilyGraph(data, tree?.rootId));
  });

  it("a worker's error is thrown as it said", () => {
    expect(() =>
      new FamilyDataAssembly().add({ ok: false, message: 'invalid family data: persons' }),
    ).toThrow('invalid family data: persons');
  });
});
