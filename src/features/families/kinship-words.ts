// Kinship words in the interface's language: the chain core describes (core/families/kinship.ts) said as
// "father's wife" or "first cousin once removed", and the relation finder's sentence around it.
import type { FamilyGraph } from '../../../core/families/family-graph.ts';
import type { KinshipDescription, KinWord } from '../../../core/families/kinship.ts';
import type { MessageDescriptor } from '../../../core/i18n/define.ts';
import { families } from '../../../core/i18n/messages/families.ts';
import type { Translate } from '../../i18n/i18n.tsx';

const BY_KIND = {
  parent: families.kinParent,
  child: families.kinChild,
  spouse: families.kinSpouse,
  'parent-in-law': families.kinParentInLaw,
  'sibling-in-law': families.kinSiblingInLaw,
  'child-in-law': families.kinChildInLaw,
  grandparent: families.kinGrandparent,
  grandchild: families.kinGrandchild,
  'parent-sibling': families.kinParentSibling,
} as const;

const greats = (t: Translate, term: string, count: number): string =>
  count <= 0 ? term : greats(t, t(families.kinGreat, { term }), count - 1);

/** One kinship word. */
export function kinWord(t: Translate, word: KinWord): string {
  switch (word.kind) {
    case 'cousin': {
      const cousin = t(families.kinCousin, { degree: word.degree });
      return word.removed === 0 ? cousin : t(families.kinRemoved, { cousin, removed: word.removed });
    }
    case 'sibling':
      return t(word.half ? families.kinHalfSibling : families.kinSibling, { gender: word.gender });
    case 'sibling-child':
      return word.grand === 0
        ? t(families.kinSiblingChild, { gender: word.gender })
        : greats(t, t(families.kinSiblingGrandchild, { gender: word.gender }), word.grand - 1);
    case 'grandparent':
    case 'grandchild':
    case 'parent-sibling':
      return greats(t, t(BY_KIND[word.kind], { gender: word.gender }), word.greats);
    default:
      return t(BY_KIND[word.kind], { gender: word.gender });
  }
}

/** The second person's relation to the first, e.g. "father's wife" (empty when there is none). */
export function kinTerm(t: Translate, words: readonly KinWord[]): string {
  const [first, ...rest] = words;
  if (!first) return '';
  return rest.reduce(
    (owner, word) => t(families.kinOf, { owner, term: kinWord(t, word) }),
    kinWord(t, first),
  );
}

/** The relation finder's sentence as a message: the names (data, shown as written) apart from its other values. */
export function kinshipMessage(
  t: Translate,
  graph: FamilyGraph,
  kinship: KinshipDescription,
): { descriptor: MessageDescriptor; names: Record<string, string>; values: Record<string, string> } {
  const name = (id: string) => graph.nodeById.get(id)?.name ?? id;
  const from = name(kinship.fromId);
  const to = name(kinship.toId);
  if (!kinship.found) return { descriptor: families.relationNone, names: { from, to }, values: {} };
  if (kinship.words.length === 0)
    return { descriptor: families.relationSame, names: { name: from }, values: {} };
  return {
    descriptor: families.relationSentence,
    names: { to, from },
    values: { term: kinTerm(t, kinship.words) },
  };
}

/** The sentence of the relation finder, with both names (for screen readers' announcements). */
export function kinshipSentence(t: Translate, graph: FamilyGraph, kinship: KinshipDescription): string {
  const { descriptor, names, values } = kinshipMessage(t, graph, kinship);
  return t(descriptor, { ...names, ...values });
}
