// Shortest paths to the root and between persons, and their kinship words.
import { describe, expect, it } from 'vitest';
import { buildFamilyGraph } from './family-graph.ts';
import { familyFixture } from './family-fixture.ts';
import { describeKinship } from './kinship.ts';
import { pathToRoot, shortestPath } from './paths.ts';

const graph = buildFamilyGraph(familyFixture());
const term = (from: string, to: string) => describeKinship(graph, shortestPath(graph, from, to)).term;

describe('pathToRoot', () => {
  it('follows the fewest links from a leaf to the root', () => {
    const path = pathToRoot(graph, 'grandson');
    expect(path.found).toBe(true);
    expect(path.nodeIds).toEqual(['grandson', 'son', 'me', 'father', 'grandpa']);
    expect(path.linkIds).toEqual([
      'pc:m6:son:grandson',
      'pc:m5:me:son',
      'pc:m2:father:me',
      'pc:m1:grandpa:father',
    ]);
    expect(path.steps.map((step) => step.kind)).toEqual(['parent', 'parent', 'parent', 'parent']);
  });

  it('goes through marriages when needed', () => {
    expect(pathToRoot(graph, 'other-man').nodeIds).toEqual(['other-man', 'second-wife', 'father', 'grandpa']);
  });

  it('is the root alone for the root', () => {
    expect(pathToRoot(graph, 'grandpa')).toMatchObject({ found: true, nodeIds: ['grandpa'], linkIds: [] });
  });

  it('is only the person when no path exists', () => {
    expect(pathToRoot(graph, 'outsider-a')).toEqual({
      found: false,
      nodeIds: ['outsider-a'],
      linkIds: [],
      steps: [],
    });
  });
});

describe('describeKinship', () => {
  it.each([
    ['me', 'father', 'father'],
    ['me', 'grandson', 'grandson'],
    ['grandson', 'grandpa', 'great-great-grandfather'],
    ['me', 'second-wife', "father's wife"],
    ['me', 'sister', 'sister'],
    ['me', 'half-brother', 'half-brother'],
    ['me', 'aunt', 'aunt'],
    ['aunt', 'me', 'nephew'],
    ['me', 'cousin', 'first cousin'],
    ['son', 'cousin', 'first cousin once removed'],
    ['wife', 'father', 'father-in-law'],
    ['father', 'wife', 'daughter-in-law'],
    ['me', 'sisters-husband', 'brother-in-law'],
    ['me', 'wife', 'wife'],
    ['me', 'other-child', "father's wife's child"],
  ])('%s → %s is "%s"', (from, to, expected) => {
    expect(term(from, to)).toBe(expected);
  });

  it('writes a sentence with both names', () => {
    const description = describeKinship(graph, shortestPath(graph, 'me', 'grandson'));
    expect(description.sentence).toBe("Grandson is Me (Alternate Name)'s grandson.");
  });

  it('says when nothing joins the two persons, or when they are the same', () => {
    expect(describeKinship(graph, shortestPath(graph, 'me', 'outsider-a')).sentence).toMatch(
      /No family link/,
    );
    expect(describeKinship(graph, shortestPath(graph, 'me', 'me')).sentence).toMatch(/same person/);
  });
});
