// Shortest paths to the root and between persons (their kinship words: src/features/families/kinship-words.test.ts).
import { describe, expect, it } from 'vitest';
import { buildFamilyGraph } from './family-graph.ts';
import { familyFixture } from './family-fixture.ts';
import { pathToRoot } from './paths.ts';

const graph = buildFamilyGraph(familyFixture());

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
