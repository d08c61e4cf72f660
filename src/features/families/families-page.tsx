// Families Lineage (/families): the interactive family graph on cytoscape, with search, trace, list view and relations.
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { FAMILY_GRAPH } from '../../../core/constants.ts';
import type { Point } from '../../../core/families/family-schema.ts';
import { pathToRoot, shortestPath } from '../../../core/families/paths.ts';
import { relativesWithSelf } from '../../../core/families/relatives.ts';
import { matchPersons } from '../../../core/families/search.ts';
import { families as messages } from '../../../core/i18n/messages/families.ts';
import { formatNumber, useT } from '../../i18n/i18n.tsx';
import { loadFamilies, type Families } from './family-data.ts';
import { FamiliesLegend } from './families-legend.tsx';
import { createFamiliesReducer, initialFamiliesState } from './families-state.ts';
import { FamiliesToolbar } from './families-toolbar.tsx';
import { FamilyListView } from './family-list-view.tsx';
import { kinMove } from './kin-navigation.ts';
import { PersonCard } from './person-card.tsx';
import { PersonSearch } from './person-search.tsx';
import { RelationFinder } from './relation-finder.tsx';
import { useFamilyGraph } from './use-family-graph.ts';
import { useReducedMotion } from './use-reduced-motion.ts';
import './families.css';

function Header() {
  const t = useT();
  return (
    <header className="page-header">
      <h1>{t(messages.title)}</h1>
      <p>{t(messages.intro)}</p>
    </header>
  );
}

/** Loads the current family data (the server's, or the service worker's copy offline), then draws it. */
export function FamiliesPage() {
  const t = useT();
  const [families, setFamilies] = useState<Families | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setError(null);
    loadFamilies().then(
      (loaded) => live && setFamilies(loaded),
      (caught: Error) => live && setError(caught.message),
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  if (families) return <FamiliesGraphPage families={families} />;
  return (
    <div className="page families-page">
      <Header />
      {error ? (
        <div className="error-box" role="alert" data-testid="families-load-error">
          <p>{t(messages.loadFailed, { error })}</p>
          <button type="button" className="btn" onClick={() => setAttempt((count) => count + 1)}>
            {t(messages.tryAgain)}
          </button>
        </div>
      ) : (
        <p className="muted" role="status" data-testid="families-loading">
          {t(messages.loading)}
        </p>
      )}
    </div>
  );
}

function FamiliesGraphPage({ families }: { families: Families }) {
  const t = useT();
  const { graph, counters, hasSampleData, royalLine } = families;
  const reducer = useMemo(() => createFamiliesReducer(graph), [graph]);
  const layout = families.data.layout ?? { generations: {}, organic: {} };
  const [state, dispatch] = useReducer(reducer, initialFamiliesState);
  const [traceQuery, setTraceQuery] = useState('');
  const [pinnedIds, setPinnedIds] = useState<ReadonlySet<string>>(new Set());
  const [movingId, setMovingId] = useState<string | null>(null);
  const [relayoutBusy, setRelayoutBusy] = useState(false);
  // On a phone the graph tools start folded away (the graph comes first); wider screens always show them.
  const [toolsOpen, setToolsOpen] = useState(false);
  const reducedMotion = useReducedMotion();
  const containerRef = useRef<HTMLDivElement>(null);
  const matchIds = useMemo(
    () => new Set(matchPersons(graph.nodes, state.query).map((node) => node.id)),
    [graph, state.query],
  );
  const highlightedIds = useMemo(() => new Set(state.highlight?.nodeIds ?? []), [state.highlight]);

  // Selecting from the graph, the list, a dropdown or a relative: highlight, circle the relatives, fit them.
  const selectAndFocus = (id: string, query?: string) => {
    dispatch({ type: 'select', id, ...(query === undefined ? {} : { query }) });
    camera.focusFamily(id, relativesWithSelf(graph, id).nodeIds);
  };
  const clearSelection = () => {
    dispatch({ type: 'clear' });
    setMovingId(null);
    camera.restorePositions();
  };
  const trace = (id: string) => {
    dispatch({ type: 'trace', id });
    camera.fitNodes(pathToRoot(graph, id).nodeIds);
  };

  const camera = useFamilyGraph(containerRef, {
    graph,
    layout,
    view: state.view,
    reducedMotion,
    mode: state.mode,
    highlight: state.highlight,
    selectedId: state.selectedId,
    matchIds,
    labelsVisible: state.labelsVisible,
    onNodeTap: (id) => {
      if (state.selectedId === id && state.mode === 'select') {
        clearSelection();
        camera.fitAll();
      } else {
        selectAndFocus(id);
      }
    },
    onBackgroundTap: (point: Point) => {
      if (!movingId) return;
      camera.moveNode(movingId, point);
      setMovingId(null);
    },
    onPinsChange: useCallback((ids: ReadonlySet<string>) => setPinnedIds(ids), []),
  });

  const onSearch = (query: string) => {
    dispatch({ type: 'search', query });
    const first = matchPersons(graph.nodes, query)[0];
    if (first) camera.centerOn(first.id, FAMILY_GRAPH.searchZoom, FAMILY_GRAPH.searchZoomDurationMs);
    else camera.restorePositions();
  };

  return (
    <div className="page families-page">
      <Header />
      {hasSampleData && (
        <p className="notice-box families-notice" data-testid="families-sample-notice">
          <strong>{t(messages.sampleTitle)}</strong> {t(messages.sampleText)}
        </p>
      )}
      <dl className="families-counters" data-testid="families-counters">
        {(
          [
            ['persons', messages.persons, counters.persons],
            ['male', messages.male, counters.male],
            ['female', messages.female, counters.female],
          ] as const
        ).map(([key, label, value]) => (
          <div key={key} className="card stat">
            <dt className="stat-label">{t(label)}</dt>
            <dd className="stat-value" data-counter={key}>
              {formatNumber(value)}
            </dd>
          </div>
        ))}
      </dl>
      {graph.unconnected > 0 && (
        <p className="muted families-unconnected" data-testid="families-unconnected">
          {t(messages.unconnected, { count: graph.unconnected })}
        </p>
      )}
      <div className="families-find">
        <PersonSearch
          label={t(messages.search)}
          placeholder={t(messages.searchPlaceholder)}
          query={state.query}
          onQueryChange={onSearch}
          nodes={graph.nodes}
          onChoose={(node) => selectAndFocus(node.id, node.name)}
          clearable
          testId="families-search"
        />
        <button
          type="button"
          className="btn families-tools-toggle"
          aria-expanded={toolsOpen}
          aria-controls="families-tools"
          onClick={() => setToolsOpen((open) => !open)}
        >
          {t(messages.graphTools)}
        </button>
      </div>
      <FamiliesLegend royalLine={royalLine} />
      <FamiliesToolbar
        id="families-tools"
        folded={!toolsOpen}
        labelsVisible={state.labelsVisible}
        tracing={state.mode === 'trace'}
        view={state.view}
        listOpen={state.listOpen}
        relayoutBusy={relayoutBusy}
        onZoomOut={() => camera.zoomBy(1 / FAMILY_GRAPH.zoomFactor)}
        onZoomIn={() => camera.zoomBy(FAMILY_GRAPH.zoomFactor)}
        onFit={() => camera.fitAll()}
        onFocusRoot={() => {
          dispatch({ type: 'select', id: graph.rootId });
          camera.centerOn(graph.rootId, FAMILY_GRAPH.searchZoom, FAMILY_GRAPH.searchZoomDurationMs);
        }}
        onReset={() => {
          dispatch({ type: 'reset' });
          setMovingId(null);
          camera.restorePositions();
          camera.fitAll();
        }}
        onToggleLabels={() => dispatch({ type: 'toggle-labels' })}
        onTrace={() => {
          if (state.mode === 'trace') clearSelection();
          else if (state.selectedId) trace(state.selectedId);
          else dispatch({ type: 'trace-panel', open: !state.tracePanelOpen });
        }}
        onView={(view) => dispatch({ type: 'view', view })}
        onRelayout={() => {
          setRelayoutBusy(true);
          camera
            .relayout()
            .catch((error: unknown) => console.error('Re-layout failed', error))
            .finally(() => setRelayoutBusy(false));
        }}
        onToggleList={() => dispatch({ type: 'toggle-list' })}
      />
      {state.tracePanelOpen && (
        <section
          className="card families-trace-panel"
          aria-labelledby="families-trace-heading"
          data-testid="families-trace-panel"
        >
          <h2 id="families-trace-heading">{t(messages.traceTitle)}</h2>
          <PersonSearch
            label={t(messages.traceTitle)}
            placeholder={t(messages.tracePlaceholder)}
            query={traceQuery}
            onQueryChange={setTraceQuery}
            nodes={graph.nodes}
            onChoose={(node) => {
              setTraceQuery('');
              trace(node.id);
            }}
            inline
            autoFocus
            hint={traceQuery.trim() === '' ? t(messages.traceHintEmpty) : t(messages.traceHint)}
            testId="families-trace-search"
          />
        </section>
      )}
      <div className="families-stage">
        <div
          ref={containerRef}
          className="families-canvas"
          style={{ height: `${FAMILY_GRAPH.graphHeightVh}vh` }}
          role="application"
          aria-roledescription={t(messages.graphRole)}
          aria-label={t(messages.graphLabel)}
          aria-describedby="families-help"
          tabIndex={0}
          data-testid="families-canvas"
          data-selected-id={state.selectedId ?? ''}
          data-mode={state.mode}
          data-labels-visible={String(state.labelsVisible)}
          data-moving={movingId ? 'true' : undefined}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              if (movingId) setMovingId(null);
              else clearSelection();
              return;
            }
            const next = kinMove(graph, state.selectedId ?? graph.rootId, event.key);
            if (next) {
              event.preventDefault();
              dispatch({ type: 'select', id: next });
              camera.centerOn(next, Math.max(FAMILY_GRAPH.searchZoom, 1), FAMILY_GRAPH.zoomDurationMs);
            }
          }}
        />
        {state.selectedId && (
          <PersonCard
            graph={graph}
            personId={state.selectedId}
            tracePath={state.mode === 'trace' ? state.tracePath : null}
            pinned={pinnedIds.has(state.selectedId)}
            moving={movingId === state.selectedId}
            onClose={clearSelection}
            onSelect={(id) => selectAndFocus(id)}
            onTrace={() => state.selectedId && trace(state.selectedId)}
            onTogglePin={() =>
              state.selectedId && camera.setPinned(state.selectedId, !pinnedIds.has(state.selectedId))
            }
            onMove={() => setMovingId(movingId ? null : state.selectedId)}
          />
        )}
      </div>
      <p id="families-help" className="families-help muted">
        {t(messages.help)}
      </p>
      {state.listOpen && (
        <FamilyListView
          graph={graph}
          selectedId={state.selectedId}
          highlightedIds={highlightedIds}
          matchIds={matchIds}
          onSelect={(id) => selectAndFocus(id)}
          onClear={clearSelection}
        />
      )}
      <RelationFinder
        graph={graph}
        defaultFromId={state.selectedId}
        relation={state.relation}
        onRelate={(fromId, toId) => {
          dispatch({ type: 'relate', fromId, toId });
          camera.fitNodes(shortestPath(graph, fromId, toId).nodeIds);
        }}
        onClear={clearSelection}
      />
      <p className="visually-hidden" aria-live="polite" data-testid="families-announcer">
        {state.announcement}
      </p>
    </div>
  );
}
