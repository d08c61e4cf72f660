// "How are these two related?": pick two persons, highlight the path between them and describe it in kinship words.
import { useState } from 'react';
import type { FamilyGraph, GraphNode } from '../../../core/families/family-graph.ts';
import type { KinshipDescription } from '../../../core/families/kinship.ts';
import { families } from '../../../core/i18n/messages/families.ts';
import { richText, useT } from '../../i18n/i18n.tsx';
import { kinshipMessage } from './kinship-words.ts';
import { PersonSearch } from './person-search.tsx';
import './families-panels.css';

export interface RelationFinderProps {
  graph: FamilyGraph;
  defaultFromId: string | null;
  /** The relation last asked for, said in a sentence. */
  relation: KinshipDescription | null;
  onRelate: (fromId: string, toId: string) => void;
  onClear: () => void;
}

export function RelationFinder({ graph, defaultFromId, relation, onRelate, onClear }: RelationFinderProps) {
  const t = useT();
  const [from, setFrom] = useState<GraphNode | null>(null);
  const [to, setTo] = useState<GraphNode | null>(null);
  const [fromQuery, setFromQuery] = useState('');
  const [toQuery, setToQuery] = useState('');
  const fromNode = from ?? (defaultFromId ? (graph.nodeById.get(defaultFromId) ?? null) : null);

  return (
    <details className="card families-relation" data-testid="families-relation">
      <summary>
        <h2>{t(families.relationTitle)}</h2>
      </summary>
      <div className="families-relation-grid">
        <div>
          <PersonSearch
            label={t(families.firstPerson)}
            showLabel
            placeholder={fromNode ? fromNode.name : t(families.tracePlaceholder)}
            placeholderIsName={Boolean(fromNode)}
            query={fromQuery}
            onQueryChange={setFromQuery}
            nodes={graph.nodes}
            onChoose={(node) => {
              setFrom(node);
              setFromQuery(node.name);
            }}
            testId="families-relation-from"
          />
        </div>
        <div>
          <PersonSearch
            label={t(families.secondPerson)}
            showLabel
            placeholder={t(families.tracePlaceholder)}
            query={toQuery}
            onQueryChange={setToQuery}
            nodes={graph.nodes}
            onChoose={(node) => {
              setTo(node);
              setToQuery(node.name);
            }}
            testId="families-relation-to"
          />
        </div>
      </div>
      <div className="families-card-actions">
        <button
          type="button"
          className="btn btn-primary"
          disabled={!fromNode || !to}
          onClick={() => fromNode && to && onRelate(fromNode.id, to.id)}
        >
          {t(families.showRelation)}
        </button>
        {relation && (
          <button type="button" className="btn" onClick={onClear}>
            {t(families.clear)}
          </button>
        )}
      </div>
      {relation && (
        <p className="families-relation-result" role="status" data-testid="families-relation-result">
          <KinshipSentence graph={graph} relation={relation} />
        </p>
      )}
    </details>
  );
}

/** The relation in a sentence, the names marked as data (they stay as written in every language). */
function KinshipSentence({ graph, relation }: { graph: FamilyGraph; relation: KinshipDescription }) {
  const t = useT();
  const { descriptor, names, values } = kinshipMessage(t, graph, relation);
  const elements = Object.fromEntries(
    Object.entries(names).map(([key, name]) => [key, <span translate="no">{name}</span>]),
  );
  return <>{richText(t, descriptor, elements, values)}</>;
}
