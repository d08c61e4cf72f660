// Generations layout: one row per generation, children below parents, in-laws beside their spouse, no overlaps.
import { describe, expect, it } from 'vitest';
import { buildFamilyGraph } from './family-graph.ts';
import { familyFixture } from './family-fixture.ts';
import { GENERATIONS_LAYOUT, computeGenerationsLayout } from './generations-layout.ts';
import { generationsOf } from './generations.ts';
import { generateLineage } from './lineage-generator.ts';

describe('generationsOf', () => {
  it('counts generations from the root, in-laws on their spouse’s generation', () => {
    const graph = buildFamilyGraph(familyFixture());
    const generation = generationsOf(graph);
    expect(generation.get('grandpa')).toBe(0);
    expect(generation.get('grandma')).toBe(0);
    expect(generation.get('me')).toBe(2);
    expect(generation.get('wife')).toBe(2);
    expect(generation.get('other-man')).toBe(1);
    expect(generation.get('grandson')).toBe(4);
  });
});

describe.each([
  ['the test family', familyFixture()],
  ['a 300-person lineage', generateLineage({ targetPersons: 300, seed: 5 })],
])('computeGenerationsLayout on %s', (_name, data) => {
  const graph = buildFamilyGraph(data);
  const positions = computeGenerationsLayout(data, graph);
  const generation = generationsOf(graph);

  it('places every shown person, and each generation on its own row', () => {
    expect(Object.keys(positions).sort()).toEqual(graph.nodes.map((node) => node.id).sort());
    const minGeneration = Math.min(...generation.values());
    for (const node of graph.nodes) {
      expect(positions[node.id]?.y).toBe(
        ((generation.get(node.id) ?? 0) - minGeneration) * GENERATIONS_LAYOUT.rowHeight,
      );
    }
  });

  it('puts children below their parents', () => {
    for (const link of graph.links.filter((link) => link.type === 'parent-child')) {
      expect(positions[link.target]?.y ?? 0).toBeGreaterThan(positions[link.source]?.y ?? 0);
    }
  });

  it('keeps nodes on a row apart', () => {
    const rows = new Map<number, number[]>();
    for (const point of Object.values(positions)) rows.set(point.y, [...(rows.get(point.y) ?? []), point.x]);
    for (const xs of rows.values()) {
      xs.sort((a, b) => a - b);
      xs.slice(1).forEach((x, index) =>
        expect(x - (xs[index] ?? 0)).toBeGreaterThanOrEqual(GENERATIONS_LAYOUT.nodeWidth),
      );
    }
  });
});

it('puts an in-law right beside the spouse', () => {
  const data = familyFixture();
  const positions = computeGenerationsLayout(data, buildFamilyGraph(data));
  const step = GENERATIONS_LAYOUT.nodeWidth + GENERATIONS_LAYOUT.minGap;
  expect(Math.abs((positions.wife?.x ?? 0) - (positions.me?.x ?? 0))).toBeLessThanOrEqual(step + 1);
});
