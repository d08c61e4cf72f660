// The trees of the family data not connected to the one shown, each a button that shows it (nobody is out of
// reach), and the way back to the data's own root.
import type { TreeApart } from '../../../core/families/family-graph.ts';
import type { FamilyData } from '../../../core/families/family-schema.ts';
import { families as messages } from '../../../core/i18n/messages/families.ts';
import { useT } from '../../i18n/i18n.tsx';

interface TreesApartProps {
  data: FamilyData;
  /** The root of the tree shown. */
  shownRootId: string;
  trees: readonly TreeApart[];
  onChooseTree: (rootId: string) => void;
}

export function TreesApart({ data, shownRootId, trees, onChooseTree }: TreesApartProps) {
  const t = useT();
  const dataRoot = data.persons[data.rootPersonId];
  const awayFromRoot = shownRootId !== data.rootPersonId;
  if (trees.length === 0 && !awayFromRoot) return null;
  return (
    <section
      className="card families-trees"
      aria-labelledby="families-trees-heading"
      data-testid="families-trees"
    >
      <h2 id="families-trees-heading">{t(messages.treesApart)}</h2>
      <ul className="families-trees-list">
        {awayFromRoot && dataRoot && (
          <li>
            <button type="button" className="btn" onClick={() => onChooseTree(dataRoot.id)}>
              {t(messages.backToRoot, { name: dataRoot.name })}
            </button>
          </li>
        )}
        {trees.map((tree) => (
          <li key={tree.rootId}>
            <button
              type="button"
              className="families-link-button"
              data-root-id={tree.rootId}
              onClick={() => onChooseTree(tree.rootId)}
            >
              {t(messages.treeApart, {
                name: data.persons[tree.rootId]?.name ?? tree.rootId,
                count: tree.persons,
              })}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
