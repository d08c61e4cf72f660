// Graph building, counters, direct relatives and search over the test family.
import { describe, expect, it } from 'vitest';
import { FAMILY_GRAPH } from '../constants.ts';
import { buildFamilyGraph, countPersons, marriageLinkId, parentLinkId } from './family-graph.ts';
import { familyFixture } from './family-fixture.ts';
import { parseFamilyData } from './family-schema.ts';
import { directRelatives, relativesWithSelf } from './relatives.ts';
import { matchPersons, searchPersons } from './search.ts';

const data = parseFamilyData(familyFixture());
const graph = buildFamilyGraph(data);

describe('buildFamilyGraph', () => {
  it('shows only persons connected to the root', () => {
    const ids = graph.nodes.map((node) => node.id);
    expect(ids).toHaveLength(18);
    expect(ids).not.toContain('outsider-a');
    expect(ids).not.toContain('outsider-b');
    expect(graph.links.some((link) => link.marriageId === 'm9')).toBe(false);
    expect(graph.unconnected).toBe(2);
  });

  it('links a one-parent family by parent-child links only, and labels qualified dates', () => {
    const oneParent = buildFamilyGraph(
      parseFamilyData({
        ...data,
        persons: {
          ...data.persons,
          'outsider-b': { ...data.persons['outsider-b'], birthDate: 'ABT 1890', birthYear: 1890 },
        },
        marriages: [...data.marriages, { id: 'm10', wifeId: 'aunt', childIds: ['outsider-b'] }],
      }),
    );
    const links = oneParent.links.filter((link) => link.marriageId === 'm10');
    expect(links.map((link) => link.id)).toEqual([parentLinkId('m10', 'aunt', 'outsider-b')]);
    expect(oneParent.nodeById.get('outsider-b')?.born).toBe('about 1890');
    expect(oneParent.nodeById.get('grandpa')?.born).toBe('1900');
  });

  it('marks a person who died without a known date as deceased, and a dated death by its date', () => {
    const withDeaths = buildFamilyGraph(
      parseFamilyData({
        ...data,
        persons: {
          ...data.persons,
          grandpa: { ...data.persons.grandpa, deceased: true },
          aunt: { ...data.persons.aunt, deathDate: 'ABT 1980' },
        },
      }),
    );
    expect(withDeaths.nodeById.get('grandpa')).toMatchObject({ deceased: true });
    expect(withDeaths.nodeById.get('grandpa')?.died).toBeUndefined();
    expect(withDeaths.nodeById.get('aunt')).toMatchObject({ died: 'about 1980' });
    expect(withDeaths.nodeById.get('aunt')?.deceased).toBeUndefined();
    expect(graph.nodeById.get('grandpa')?.deceased).toBeUndefined();
  });

  it('makes one marriage link per marriage and a link from father and mother to each child', () => {
    const shown = data.marriages.filter((marriage) => marriage.id !== 'm9');
    const expected = shown.reduce((sum, marriage) => sum + 1 + 2 * marriage.childIds.length, 0);
    expect(graph.links).toHaveLength(expected);
    expect(graph.links.filter((link) => link.type === 'marriage')).toHaveLength(shown.length);
    const ids = new Set(graph.links.map((link) => link.id));
    expect(ids.has(marriageLinkId('m2'))).toBe(true);
    expect(ids.has(parentLinkId('m2', 'father', 'me'))).toBe(true);
    expect(ids.has(parentLinkId('m2', 'mother', 'me'))).toBe(true);
  });

  it('sizes royal-lineage persons 20 and others 8', () => {
    expect(graph.nodeById.get('grandpa')?.val).toBe(FAMILY_GRAPH.nodeSizeRoyal);
    expect(graph.nodeById.get('grandma')?.val).toBe(FAMILY_GRAPH.nodeSizeOther);
    expect(graph.nodeById.get('grandpa')?.birthYear).toBe(1900);
    expect(graph.nodeById.get('grandma')).not.toHaveProperty('birthYear');
  });

  it('counts shown persons by gender', () => {
    expect(countPersons(graph)).toEqual({ persons: 18, male: 9, female: 8 });
  });
});

describe('directRelatives', () => {
  it('lists spouses, parents and children', () => {
    const relatives = directRelatives(graph, 'father');
    expect(relatives.spouses).toEqual(['mother', 'second-wife']);
    expect(relatives.parents).toEqual(['grandpa', 'grandma']);
    expect(relatives.children.sort()).toEqual(['half-brother', 'me', 'sister']);
    expect(relatives.linkIds).toHaveLength(7);
  });

  it('includes a remarried wife’s both husbands', () => {
    expect(directRelatives(graph, 'second-wife').spouses).toEqual(['father', 'other-man']);
  });

  it('gives the person first and each relative once', () => {
    const { nodeIds } = relativesWithSelf(graph, 'me');
    expect(nodeIds[0]).toBe('me');
    expect(new Set(nodeIds).size).toBe(nodeIds.length);
    expect(nodeIds.sort()).toEqual(['father', 'me', 'mother', 'son', 'wife']);
  });

  it('returns nothing for an unknown person', () => {
    expect(directRelatives(graph, 'nobody')).toEqual({ spouses: [], parents: [], children: [], linkIds: [] });
  });
});

describe('search', () => {
  it('matches a case-insensitive substring of the name, including bracketed alternate names', () => {
    expect(matchPersons(graph.nodes, 'ALTERNATE').map((node) => node.id)).toEqual(['me']);
    expect(matchPersons(graph.nodes, 'wife').map((node) => node.id)).toEqual([
      'second-wife',
      'wife',
      'sons-wife',
    ]);
  });

  it('matches nobody for an empty or blank query', () => {
    expect(searchPersons(graph.nodes, '')).toEqual([]);
    expect(searchPersons(graph.nodes, '   ')).toEqual([]);
  });

  it('limits the dropdown to 8 matches', () => {
    expect(matchPersons(graph.nodes, 'e').length).toBeGreaterThan(8);
    expect(searchPersons(graph.nodes, 'e')).toHaveLength(FAMILY_GRAPH.dropdownLimit);
  });

  it('never finds persons hidden from the graph', () => {
    expect(searchPersons(graph.nodes, 'outsider')).toEqual([]);
  });
});
