// Selected-person card: name, gender, birth year, root and trace state, relatives, and the Pin/Move single-pointer actions.
import type { FamilyGraph } from '../../../core/families/family-graph.ts';
import type { FamilyPath } from '../../../core/families/paths.ts';
import { directRelatives } from '../../../core/families/relatives.ts';

export interface PersonCardProps {
  graph: FamilyGraph;
  personId: string;
  tracePath: FamilyPath | null;
  pinned: boolean;
  moving: boolean;
  onClose: () => void;
  onSelect: (id: string) => void;
  onTrace: () => void;
  onTogglePin: () => void;
  onMove: () => void;
}

export function PersonCard({ graph, personId, tracePath, pinned, moving, ...actions }: PersonCardProps) {
  const node = graph.nodeById.get(personId);
  if (!node) return null;
  const name = (id: string) => graph.nodeById.get(id)?.name ?? id;
  const relatives = directRelatives(graph, personId);
  const groups = [
    ['Parents', relatives.parents],
    ['Spouses', relatives.spouses],
    ['Children', relatives.children],
  ] as const;
  return (
    <section
      className="card families-person-card"
      aria-labelledby="families-person-name"
      data-testid="families-person-card"
    >
      <div className="families-person-head">
        <h2 id="families-person-name">{node.name}</h2>
        <button
          type="button"
          className="btn btn-ghost"
          aria-label="Close person details"
          onClick={actions.onClose}
        >
          ×
        </button>
      </div>
      <p className="families-badges">
        {node.gender !== 'unknown' && (
          <span className="badge">{node.gender === 'male' ? 'Male' : 'Female'}</span>
        )}
        {node.born && <span className="badge">Born {node.born}</span>}
        {node.died && <span className="badge">Died {node.died}</span>}
        {personId === graph.rootId && <span className="badge">Root Person</span>}
        {node.royalLineage && <span className="badge">Royal lineage</span>}
        {node.sample && <span className="badge badge-draft">Sample data</span>}
        {tracePath && <span className="badge families-badge-trace">Tracing to root</span>}
      </p>
      {tracePath && (
        <p className="families-trace-summary">
          {tracePath.found
            ? tracePath.nodeIds.map(name).join(' → ')
            : 'No path to the root: only this person is shown.'}
        </p>
      )}
      <dl className="families-relatives">
        {groups.map(([label, ids]) =>
          ids.length === 0 ? null : (
            <div key={label}>
              <dt>{label}</dt>
              <dd>
                {ids.map((id) => (
                  <button
                    key={id}
                    type="button"
                    className="families-link-button"
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
            Trace to Root
          </button>
        )}
        <button type="button" className="btn" onClick={actions.onTogglePin} aria-pressed={pinned}>
          {pinned ? 'Unpin' : 'Pin here'}
        </button>
        <button type="button" className="btn" onClick={actions.onMove} aria-pressed={moving}>
          {moving ? 'Cancel move' : 'Move'}
        </button>
      </div>
      {moving && (
        <p className="families-hint" role="status">
          Click or tap an empty spot on the graph to place {node.name} there (Escape cancels).
        </p>
      )}
    </section>
  );
}
