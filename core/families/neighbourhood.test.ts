// The phone-first family view's rows around a person, the trees apart from the root, and the layout of every tree.
import { describe, expect, it } from 'vitest';
import { buildFamilyGraph, treesApart } from './family-graph.ts';
import { familyFixture } from './family-fixture.ts';
import { computeAllGenerationsLayout } from './generations-layout.ts';
import { generateLineage } from './lineage-generator.ts';
import { neighbourhoodOf } from './neighbourhood.ts';

const data = familyFixture();
const graph = buildFamilyGraph(data);

describe('neighbourhoodOf', () => {
  it('gives grandparents, parents, the person with spouses, siblings, children and grandchildren, each once', () => {
    expect(neighbourhoodOf(graph, 'me')).toEqual({
      grandparents: ['grandpa', 'grandma'],
      parents: ['father', 'mother'],
      self: ['me', 'wife'],
      siblings: ['sister', 'half-brother'],
      children: ['son'],
      grandchildren: ['grandson'],
    });
  });

  it('counts half-siblings (either parent) as siblings, and puts a second wife beside her husband', () => {
    const rows = neighbourhoodOf(graph, 'father');
    expect(rows.self).toEqual(['father', 'mother', 'second-wife']);
    expect(rows.children).toEqual(['me', 'sister', 'half-brother']);
    expect(rows.siblings).toEqual(['aunt']);
    expect(neighbourhoodOf(graph, 'half-brother').siblings).toEqual(['me', 'sister', 'other-child']);
  });

  it('is empty for a person not in the graph', () => {
    expect(Object.values(neighbourhoodOf(graph, 'outsider-a')).flat()).toEqual([]);
  });
});

describe('treesApart', () => {
  it('lists every tree not connected to the root, from a person without parents, and can be chosen as root', () => {
    expect(treesApart(data)).toEqual([{ rootId: 'outsider-a', persons: 2 }]);
    const apart = buildFamilyGraph(data, 'outsider-a');
    expect(apart.nodes.map((node) => node.id).sort()).toEqual(['outsider-a', 'outsider-b']);
    expect(apart.rootId).toBe('outsider-a');
    expect(treesApart(data, 'outsider-b')[0]).toEqual({ rootId: 'grandpa', persons: 18 });
  });

  it('counts everybody once between the root tree and the trees apart', () => {
    const lineage = generateLineage({ targetPersons: 300, seed: 5, unconnectedPersons: 7 });
    const shown = buildFamilyGraph(lineage).nodes.length;
    const apart = treesApart(lineage).reduce((sum, tree) => sum + tree.persons, 0);
    expect(shown + apart).toBe(Object.keys(lineage.persons).length);
  });
});

it('lays out every tree of the data, the trees apart to the right of the root tree', () => {
  const positions = computeAllGenerationsLayout(data);
  expect(Object.keys(positions).sort()).toEqual(Object.keys(data.persons).sort());
  const rootTreeRight = Math.max(...graph.nodes.map((node) => positions[node.id]?.x ?? 0));
  expect(positions['outsider-a']?.x).toBeGreaterThan(rootTreeRight);
  expect(Math.abs((positions['outsider-b']?.x ?? 0) - (positions['outsider-a']?.x ?? 0))).toBeLessThan(200);
});
