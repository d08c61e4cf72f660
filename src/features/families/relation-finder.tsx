// "How are these two related?": pick two persons, highlight the path between them and describe it in kinship words.
import { useState } from 'react';
import type { FamilyGraph, GraphNode } from '../../../core/families/family-graph.ts';
import { PersonSearch } from './person-search.tsx';
import './families-panels.css';

export interface RelationFinderProps {
  graph: FamilyGraph;
  defaultFromId: string | null;
  sentence: string | null;
  onRelate: (fromId: string, toId: string) => void;
  onClear: () => void;
}

export function RelationFinder({ graph, defaultFromId, sentence, onRelate, onClear }: RelationFinderProps) {
  const [from, setFrom] = useState<GraphNode | null>(null);
  const [to, setTo] = useState<GraphNode | null>(null);
  const [fromQuery, setFromQuery] = useState('');
  const [toQuery, setToQuery] = useState('');
  const fromNode = from ?? (defaultFromId ? (graph.nodeById.get(defaultFromId) ?? null) : null);

  return (
    <details className="card families-relation" data-testid="families-relation">
      <summary>
        <h2>How are these two related?</h2>
      </summary>
      <div className="families-relation-grid">
        <div>
          <PersonSearch
            label="First person"
            showLabel
            placeholder={fromNode ? fromNode.name : 'Type to search family members...'}
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
            label="Second person"
            showLabel
            placeholder="Type to search family members..."
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
          Show how they are related
        </button>
        {sentence && (
          <button type="button" className="btn" onClick={onClear}>
            Clear
          </button>
        )}
      </div>
      {sentence && (
        <p className="families-relation-result" role="status" data-testid="families-relation-result">
          {sentence}
        </p>
      )}
    </details>
  );
}
