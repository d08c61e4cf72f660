// Describes a path between two persons as a chain of kinship words ("grandson", "father's wife", "first
// cousin"): each word is a relation with the gender of the person it names and its degree, so the interface
// says it in its language (src/features/families/kinship-words.ts).
import type { FamilyGraph } from './family-graph.ts';
import type { Gender } from './family-schema.ts';
import type { FamilyPath, PathStep } from './paths.ts';
import { directRelatives } from './relatives.ts';

/** A run of blood steps (up `up` generations, then down `down`) or a single marriage step. */
type Segment =
  | { kind: 'blood'; up: number; down: number; startId: string; endId: string }
  | { kind: 'spouse'; endId: string };

/** Splits the path into blood runs (ups then downs) and marriage steps. */
function segments(startId: string, steps: readonly PathStep[]): Segment[] {
  const result: Segment[] = [];
  let previousId = startId;
  let current: Extract<Segment, { kind: 'blood' }> | null = null;
  for (const step of steps) {
    if (step.kind === 'spouse') {
      current = null;
      result.push({ kind: 'spouse', endId: step.id });
    } else if (step.kind === 'parent' && current && current.down > 0) {
      // Going up after going down (a child's other parent) starts a new run.
      current = { kind: 'blood', up: 1, down: 0, startId: previousId, endId: step.id };
      result.push(current);
    } else {
      if (!current) {
        current = { kind: 'blood', up: 0, down: 0, startId: previousId, endId: step.id };
        result.push(current);
      }
      if (step.kind === 'parent') current.up++;
      else current.down++;
      current.endId = step.id;
    }
    previousId = step.id;
  }
  return result;
}

function sharesBothParents(graph: FamilyGraph, a: string, b: string): boolean {
  const parentsA = directRelatives(graph, a).parents;
  const parentsB = new Set(directRelatives(graph, b).parents);
  return parentsA.length >= 2 && parentsA.every((id) => parentsB.has(id));
}

/** One kinship word: the relation, the gender of the person it names, and how far it reaches. */
export type KinWord =
  | {
      kind: 'parent' | 'child' | 'spouse' | 'parent-in-law' | 'sibling-in-law' | 'child-in-law';
      gender: Gender;
    }
  /** `greats`: how many "great-" come before it (0 for grandfather). */
  | { kind: 'grandparent' | 'grandchild' | 'parent-sibling'; gender: Gender; greats: number }
  | { kind: 'sibling'; gender: Gender; half: boolean }
  /** `grand`: 0 for a nephew, 1 for a grandnephew, 2 for a great-grandnephew… */
  | { kind: 'sibling-child'; gender: Gender; grand: number }
  /** `degree`: 1 for first cousins; `removed`: generations apart. */
  | { kind: 'cousin'; degree: number; removed: number };

function bloodWord(
  graph: FamilyGraph,
  segment: Extract<Segment, { kind: 'blood' }>,
  gender: Gender,
): KinWord {
  const { up, down } = segment;
  if (down === 0) {
    if (up === 1) return { kind: 'parent', gender };
    return { kind: 'grandparent', gender, greats: up - 2 };
  }
  if (up === 0) {
    if (down === 1) return { kind: 'child', gender };
    return { kind: 'grandchild', gender, greats: down - 2 };
  }
  if (up === 1 && down === 1)
    return { kind: 'sibling', gender, half: !sharesBothParents(graph, segment.startId, segment.endId) };
  if (down === 1) return { kind: 'parent-sibling', gender, greats: Math.max(0, up - 2) };
  if (up === 1) return { kind: 'sibling-child', gender, grand: down - 2 };
  return { kind: 'cousin', degree: Math.min(up, down) - 1, removed: Math.abs(up - down) };
}

export interface KinshipDescription {
  fromId: string;
  toId: string;
  /** Whether a family link joins them at all. */
  found: boolean;
  /**
   * The second person's relation to the first, read as a chain of possessives from the first: ["father",
   * "wife"] is "father's wife". Empty when they are the same person or not linked.
   */
  words: KinWord[];
}

/** Describes path.nodeIds' last person relative to its first, in possessive kinship words with in-law shortcuts. */
export function describeKinship(graph: FamilyGraph, path: FamilyPath): KinshipDescription {
  const fromId = path.nodeIds[0] ?? '';
  const toId = path.nodeIds[path.nodeIds.length - 1] ?? fromId;
  const gender = (id: string): Gender => graph.nodeById.get(id)?.gender ?? 'unknown';
  if (!path.found || path.steps.length === 0) return { fromId, toId, found: path.found, words: [] };

  const parts = segments(fromId, path.steps);
  const words: KinWord[] = [];
  for (let index = 0; index < parts.length; index++) {
    const part = parts[index] as Segment;
    const next = parts[index + 1];
    const isSibling = (segment: Segment | undefined) =>
      segment?.kind === 'blood' && segment.up === 1 && segment.down === 1;
    if (part.kind === 'spouse' && next?.kind === 'blood' && next.up === 1 && next.down === 0) {
      words.push({ kind: 'parent-in-law', gender: gender(next.endId) });
      index++;
    } else if (part.kind === 'spouse' && isSibling(next) && next) {
      words.push({ kind: 'sibling-in-law', gender: gender(next.endId) });
      index++;
    } else if (part.kind === 'blood' && next?.kind === 'spouse' && part.down === 1 && part.up <= 1) {
      const kind = part.up === 1 ? 'sibling-in-law' : 'child-in-law';
      words.push({ kind, gender: gender(next.endId) });
      index++;
    } else if (part.kind === 'spouse') {
      words.push({ kind: 'spouse', gender: gender(part.endId) });
    } else {
      words.push(bloodWord(graph, part, gender(part.endId)));
    }
  }
  return { fromId, toId, found: true, words };
}
