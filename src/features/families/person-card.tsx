// Selected-person card: name, gender, birth year, root and trace state, relatives, and the Pin/Move single-pointer actions.
import type { FamilyGraph } from '../../../core/families/family-graph.ts';
import type { FamilyPath } from '../../../core/families/paths.ts';
import { directRelatives } from '../../../core/families/relatives.ts';
import { families } from '../../../core/i18n/messages/families.ts';
import { richText, useT } from '../../i18n/i18n.tsx';

export interface PersonCardProps {
  graph: FamilyGraph;
  personId: string;
  tracePath: FamilyPath | null;
  pinned: boolean;
  moving: boolean;
  /** Pin and Move place the person in the whole lineage; the family view has no places. */
  placeable: boolean;
  onClose: () => void;
  onSelect: (id: string) => void;
  onTrace: () => void;
  onTogglePin: () => void;
  onMove: () => void;
}

export function PersonCard({
  graph,
  personId,
  tracePath,
  pinned,
  moving,
  placeable,
  ...actions
}: PersonCardProps) {
  const t = useT();
  const node = graph.nodeById.get(personId);
  if (!node) return null;
  const name = (id: string) => graph.nodeById.get(id)?.name ?? id;
  const relatives = directRelatives(graph, personId);
  const groups = [
    [families.parents, relatives.parents],
    [families.spouses, relatives.spouses],
    [families.children, relatives.children],
  ] as const;
  return (
    <section
      className="card families-person-card"
      aria-labelledby="families-person-name"
      data-testid="families-person-card"
    >
      <div className="families-person-head">
        <h2 id="families-person-name" translate="no">
          {node.name}
        </h2>
        <button
          type="button"
          className="btn btn-ghost"
          aria-label={t(families.closePerson)}
          onClick={actions.onClose}
        >
          ×
        </button>
      </div>
      <p className="families-badges">
        {node.gender !== 'unknown' && (
          <span className="badge">{t(node.gender === 'male' ? families.male : families.female)}</span>
        )}
        {node.born && <span className="badge">{t(families.born, { year: node.born })}</span>}
        {node.died && <span className="badge">{t(families.died, { year: node.died })}</span>}
        {node.deceased && <span className="badge">{t(families.deceased)}</span>}
        {personId === graph.rootId && <span className="badge">{t(families.rootPerson)}</span>}
        {node.royalLineage && <span className="badge">{t(families.royalLineage)}</span>}
        {node.sample && <span className="badge badge-draft">{t(families.sampleData)}</span>}
        {tracePath && <span className="badge families-badge-trace">{t(families.tracing)}</span>}
      </p>
      {tracePath && (
        <p className="families-trace-summary">
          {tracePath.found ? (
            <span translate="no">{tracePath.nodeIds.map(name).join(' → ')}</span>
          ) : (
            t(families.noPathToRoot)
          )}
        </p>
      )}
      <dl className="families-relatives">
        {groups.map(([label, ids]) =>
          ids.length === 0 ? null : (
            <div key={label.id}>
              <dt>{t(label)}</dt>
              <dd>
                {ids.map((id) => (
                  <button
                    key={id}
                    type="button"
                    className="families-link-button"
                    translate="no"
                    onClick={() => actions.onSelect(id)}
                  >
                    {name(id)}
                  </button>
                ))}
              </dd>
            </div>
          ),
        )}
      </dl>
      <div className="families-card-actions">
        {!tracePath && (
          <button type="button" className="btn" onClick={actions.onTrace}>
            {t(families.traceToRoot)}
          </button>
        )}
        {placeable && (
          <>
            <button type="button" className="btn" onClick={actions.onTogglePin} aria-pressed={pinned}>
              {t(pinned ? families.unpin : families.pin)}
            </button>
            <button type="button" className="btn" onClick={actions.onMove} aria-pressed={moving}>
              {t(moving ? families.cancelMove : families.move)}
            </button>
          </>
        )}
      </div>
      {moving && (
        <p className="families-hint" role="status">
          {richText(t, families.moveHint, { name: <span translate="no">{node.name}</span> })}
        </p>
      )}
    </section>
  );
}
