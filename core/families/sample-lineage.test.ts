// The shipped illustrative dataset has the spec's shape and is flagged as sample data throughout.
import { describe, expect, it } from 'vitest';
import raw from '../../content/families/sample-lineage.json' with { type: 'json' };
import { buildFamilyGraph } from './family-graph.ts';
import { parseFamilyData } from './family-schema.ts';
import { directRelatives } from './relatives.ts';

const data = parseFamilyData(raw);
const graph = buildFamilyGraph(data);
const persons = Object.values(data.persons);

describe('content/families/sample-lineage.json', () => {
  it('has about 90 persons and 35 marriages', () => {
    expect(persons.length).toBeGreaterThanOrEqual(85);
    expect(persons.length).toBeLessThanOrEqual(95);
    expect(data.marriages.length).toBeGreaterThanOrEqual(30);
    expect(data.marriages.length).toBeLessThanOrEqual(40);
  });

  it('flags every person as draft sample data with a source', () => {
    for (const person of persons) {
      expect(person).toMatchObject({ sample: true, status: 'draft' });
      expect(person.sources.length).toBeGreaterThan(0);
      expect(person.name).toMatch(/^Sample /);
    }
  });

  it('has seven royal-lineage persons: the root, a single line of four descendants, the king and the queen ikuma', () => {
    const royal = persons.filter((person) => person.royalLineage).map((person) => person.id);
    expect(royal).toHaveLength(7);
    expect(data.persons.ikuma).toMatchObject({ royalLineage: true, gender: 'female' });
    let current = data.rootPersonId;
    const line = [current];
    for (let generation = 0; generation < 5; generation++) {
      const royalChildren = directRelatives(graph, current).children.filter(
        (id) => data.persons[id]?.royalLineage,
      );
      expect(royalChildren).toHaveLength(1);
      current = royalChildren[0] as string;
      line.push(current);
    }
    expect(directRelatives(graph, current).spouses).toContain('ikuma');
    expect([...line, 'ikuma'].sort()).toEqual([...royal].sort());
  });

  it('has a descendant with many wives and a wife who remarried', () => {
    const wives = new Map<string, number>();
    const husbands = new Map<string, number>();
    for (const marriage of data.marriages) {
      if (marriage.husbandId) wives.set(marriage.husbandId, (wives.get(marriage.husbandId) ?? 0) + 1);
      if (marriage.wifeId) husbands.set(marriage.wifeId, (husbands.get(marriage.wifeId) ?? 0) + 1);
    }
    expect(Math.max(...wives.values())).toBeGreaterThanOrEqual(4);
    expect(Math.max(...husbands.values())).toBeGreaterThanOrEqual(2);
  });

  it('ships positions for both views for every shown person', () => {
    for (const node of graph.nodes) {
      expect(data.layout?.generations[node.id]).toBeDefined();
      expect(data.layout?.organic[node.id]).toBeDefined();
    }
  });
});
