// Describes a path between two persons in English kinship words ("grandson", "father's wife", "first cousin").
import type { FamilyGraph } from './family-graph.ts';
import type { Gender } from './family-schema.ts';
import type { FamilyPath, PathStep } from './paths.ts';
import { directRelatives } from './relatives.ts';

/** A run of blood steps (up `up` generations, then down `down`) or a single marriage step. */
type Segment =
  | { kind: 'blood'; up: number; down: number; startId: string; endId: string }
  | { kind: 'spouse'; endId: string };

const word = (gender: Gender, male: string, female: string, neutral: string) =>
  gender === 'male' ? male : gender === 'female' ? female : neutral;

const ORDINALS = [
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
  'ninth',
  'tenth',
];
const REMOVED = ['', ' once removed', ' twice removed', ' three times removed'];

const greats = (count: number) => 'great-'.repeat(Math.max(0, count));

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

function bloodWord(graph: FamilyGraph, segment: Extract<Segment, { kind: 'blood' }>, gender: Gender): string {
  const { up, down } = segment;
  if (down === 0) {
    if (up === 1) return word(gender, 'father', 'mother', 'parent');
    return greats(up - 2) + word(gender, 'grandfather', 'grandmother', 'grandparent');
  }
  if (up === 0) {
    if (down === 1) return word(gender, 'son', 'daughter', 'child');
    return greats(down - 2) + word(gender, 'grandson', 'granddaughter', 'grandchild');
  }
  if (up === 1 && down === 1) {
    const half = sharesBothParents(graph, segment.startId, segment.endId) ? '' : 'half-';
    return half + word(gender, 'brother', 'sister', 'sibling');
  }
  if (down === 1) return greats(up - 2) + word(gender, 'uncle', 'aunt', "parent's sibling");
  if (up === 1)
    return (down > 2 ? greats(down - 3) + 'grand' : '') + word(gender, 'nephew', 'niece', "sibling's child");
  const degree = Math.min(up, down) - 1;
  const removed = Math.abs(up - down);
  return `${ORDINALS[degree - 1] ?? `${degree}th`} cousin${REMOVED[removed] ?? ` ${removed} times removed`}`;
}

export interface KinshipDescription {
  /** The second person's relation to the first, e.g. "father's wife"; empty when they are the same person. */
  term: string;
  /** A full sentence for the UI and screen readers. */
  sentence: string;
}

/** Describes path.nodeIds' last person relative to its first, in possessive kinship words with in-law shortcuts. */
export function describeKinship(graph: FamilyGraph, path: FamilyPath): KinshipDescription {
  const fromId = path.nodeIds[0] ?? '';
  const toId = path.nodeIds[path.nodeIds.length - 1] ?? fromId;
  const name = (id: string) => graph.nodeById.get(id)?.name ?? id;
  const gender = (id: string): Gender => graph.nodeById.get(id)?.gender ?? 'unknown';
  if (!path.found)
    return {
      term: '',
      sentence: `No family link joins ${name(fromId)} and ${name(path.nodeIds.at(-1) ?? fromId)} in this data.`,
    };
  if (path.steps.length === 0) return { term: '', sentence: `${name(fromId)} is the same person.` };

  const parts = segments(fromId, path.steps);
  const words: string[] = [];
  for (let index = 0; index < parts.length; index++) {
    const part = parts[index] as Segment;
    const next = parts[index + 1];
    const isSibling = (segment: Segment | undefined) =>
      segment?.kind === 'blood' && segment.up === 1 && segment.down === 1;
    if (part.kind === 'spouse' && next?.kind === 'blood' && next.up === 1 && next.down === 0) {
      words.push(word(gender(next.endId), 'father-in-law', 'mother-in-law', 'parent-in-law'));
      index++;
    } else if (part.kind === 'spouse' && isSibling(next) && next) {
      words.push(word(gender(next.endId), 'brother-in-law', 'sister-in-law', 'sibling-in-law'));
      index++;
    } else if (part.kind === 'blood' && next?.kind === 'spouse' && part.down === 1 && part.up <= 1) {
      const sibling = part.up === 1;
      words.push(
        sibling
          ? word(gender(next.endId), 'brother-in-law', 'sister-in-law', 'sibling-in-law')
          : word(gender(next.endId), 'son-in-law', 'daughter-in-law', 'child-in-law'),
      );
      index++;
    } else if (part.kind === 'spouse') {
      words.push(word(gender(part.endId), 'husband', 'wife', 'spouse'));
    } else {
      words.push(bloodWord(graph, part, gender(part.endId)));
    }
  }
  const term = words.join("'s ");
  return { term, sentence: `${name(toId)} is ${name(fromId)}'s ${term}.` };
}
