// Arrow-key moves between relatives follow parents, children and a stable row of siblings and spouses.
import { describe, expect, it } from 'vitest';
import { buildFamilyGraph } from '../../../core/families/family-graph.ts';
import { familyFixture } from '../../../core/families/family-fixture.ts';
import { kinMove, rowOf } from './kin-navigation.ts';

const graph = buildFamilyGraph(familyFixture());

describe('kinMove', () => {
  it('goes up to the father, down to the first child', () => {
    expect(kinMove(graph, 'me', 'ArrowUp')).toBe('father');
    expect(kinMove(graph, 'me', 'ArrowDown')).toBe('son');
    expect(kinMove(graph, 'grandpa', 'ArrowUp')).toBeNull();
    expect(kinMove(graph, 'grandson', 'ArrowDown')).toBeNull();
  });

  it('walks the same row ring from any member, in both directions', () => {
    const row = rowOf(graph, 'me');
    expect(row).toEqual(['me', 'sister', 'half-brother', 'wife', 'other-child', 'sisters-husband']);
    expect(rowOf(graph, 'other-child')).toEqual(row);
    expect(rowOf(graph, 'wife')).toEqual(row);
    let id = 'me';
    const seen: string[] = [];
    for (let i = 0; i < row.length; i++) {
      id = kinMove(graph, id, 'ArrowRight') ?? id;
      seen.push(id);
    }
    expect(seen).toEqual([...row.slice(1), 'me']);
    expect(kinMove(graph, 'me', 'ArrowLeft')).toBe('sisters-husband');
  });

  it('ignores other keys', () => {
    expect(kinMove(graph, 'me', 'Enter')).toBeNull();
  });
});
