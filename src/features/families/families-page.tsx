// Families Lineage (/families): the phone-first family view (a person and their nearest relatives, plain HTML) and
// the whole lineage on cytoscape (its own chunk, loaded when opened), with search, trace, list view and relations.
import { Suspense, lazy, useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { FAMILY_GRAPH } from '../../../core/constants.ts';
import { treesApart } from '../../../core/families/family-graph.ts';
import type { Point } from '../../../core/families/family-schema.ts';
import { pathToRoot, shortestPath } from '../../../core/families/paths.ts';
import { relativesWithSelf } from '../../../core/families/relatives.ts';
import { matchPersons } from '../../../core/families/search.ts';
import { families as messages } from '../../../core/i18n/messages/families.ts';
import { useT } from '../../i18n/i18n.tsx';
import { familiesOf, loadFamilies, type Families } from './family-data.ts';
import { FamilyCircle } from './family-circle.tsx';
import {
  forwardingCamera,
  type FamilyGraphController,
  type FamilyGraphOptions,
} from './family-graph-types.ts';
import {
  FamiliesViews,
  initialDisplay,
  rememberedFocus,
  rememberFocus,
  type FamiliesDisplay,
} from './families-views.tsx';
import { FamiliesCounters } from './families-counters.tsx';
import { FamiliesLegend } from './families-legend.tsx';
import { createFamiliesReducer, initialFamiliesState } from './families-state.ts';
import { FamiliesToolbar } from './families-toolbar.tsx';
import { PersonCard } from './person-card.tsx';
import { PersonSearch } from './person-search.tsx';
import { RelationFinder } from './relation-finder.tsx';
import { TreesApart } from './trees-apart.tsx';
import { LineageStage } from './lineage-stage.tsx';
import { useReducedMotion } from './use-reduced-motion.ts';
import './families.css';
// The windowed list and its virtualiser load when the list is first opened (most readers never open it).
const FamilyListView = lazy(() =>
  import('./family-list-view.tsx').then((module) => ({ default: module.FamilyListView })),
);

function Header() {
  const t = useT();
  return (
    <header className="page-header">
      <h1>{t(messages.title)}</h1>
      <p className="families-intro">{t(messages.intro)}</p>
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

  if (families) return <FamiliesTrees families={families} />;
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

/**
 * The tree shown: the data's root's, or another tree of the data the reader chose (nobody is out of reach). The
 * view (family or whole lineage) stays when the tree changes; everything else starts afresh.
 */
function FamiliesTrees({ families: loaded }: { families: Families }) {
  const [rootId, setRootId] = useState(loaded.data.rootPersonId);
  const [display, setDisplay] = useState<FamiliesDisplay>(() => initialDisplay(loaded.graph.nodes.length));
  const shown = useMemo(
    () => (rootId === loaded.graph.rootId ? loaded : familiesOf(loaded.data, rootId)),
    [loaded, rootId],
  );
  return (
    <FamiliesGraphPage
      key={rootId}
      families={shown}
      display={display}
      onDisplay={setDisplay}
      onChooseTree={setRootId}
    />
  );
}

interface FamiliesGraphPageProps {
  families: Families;
  display: FamiliesDisplay;
  onDisplay: (display: FamiliesDisplay) => void;
  onChooseTree: (rootId: string) => void;
}

function FamiliesGraphPage({ families, display, onDisplay, onChooseTree }: FamiliesGraphPageProps) {
  const t = useT();
  const { graph, counters, hasSampleData, royalLine } = families;
  const reducer = useMemo(() => createFamiliesReducer(graph), [graph]);
  const layout = families.data.layout ?? { generations: {}, organic: {} };
  // The family view opens on the person last viewed on this phone (or the root), with their card.
  const [focusId, setFocusId] = useState(() => rememberedFocus(graph));
  const [state, dispatch] = useReducer(reducer, initialFamiliesState, (start) => {
    // A large lineage opens with only the chosen family named (each name is measured as it is drawn); "Show
    // names" names everyone.
    const initial = { ...start, labelsVisible: graph.nodes.length <= FAMILY_GRAPH.largeLineagePersons };
    return display === 'family'
      ? { ...reducer(initial, { type: 'select', id: focusId }), announcement: '' }
      : initial;
  });
  const trees = useMemo(() => treesApart(families.data, graph.rootId), [families.data, graph.rootId]);
  const [traceQuery, setTraceQuery] = useState('');
  const [pinnedIds, setPinnedIds] = useState<ReadonlySet<string>>(new Set());
  const [movingId, setMovingId] = useState<string | null>(null);
  const [relayoutBusy, setRelayoutBusy] = useState(false);
  // On a phone the graph tools start folded away (the graph comes first); wider screens always show them.
  const [toolsOpen, setToolsOpen] = useState(false);
  const reducedMotion = useReducedMotion();
  const cameraRef = useRef<FamilyGraphController | null>(null);
  const camera = useMemo(() => forwardingCamera(() => cameraRef.current), []);
  const onCamera = useCallback((next: FamilyGraphController | null) => {
    cameraRef.current = next;
  }, []);
  useEffect(() => {
    if (state.selectedId) {
      setFocusId(state.selectedId);
      rememberFocus(state.selectedId);
    }
  }, [state.selectedId]);
  const matchIds = useMemo(
    () => new Set(matchPersons(graph.nodes, state.query).map((node) => node.id)),
    [graph, state.query],
  );
  const highlightedIds = useMemo(() => new Set(state.highlight?.nodeIds ?? []), [state.highlight]);
  // What lies below the first screen (the other trees, the relation finder) is drawn in a task after the first
  // view, so a large tree's first render is not one long task.
  const [belowShown, setBelowShown] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setBelowShown(true), 0);
    return () => window.clearTimeout(timer);
  }, []);

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

  const graphOptions: FamilyGraphOptions = {
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
  };

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
      <FamiliesCounters counters={counters} />
      {graph.unconnected > 0 && (
        <p className="muted families-unconnected" data-testid="families-unconnected">
          {t(messages.unconnected, { count: graph.unconnected, trees: trees.length })}
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
        <FamiliesViews
          display={display}
          listOpen={state.listOpen}
          onDisplay={onDisplay}
          onToggleList={() => dispatch({ type: 'toggle-list' })}
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
        display={display}
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
      <div className="families-stage" data-display={display}>
        {display === 'family' ? (
          <FamilyCircle
            graph={graph}
            focusId={focusId}
            highlightedIds={highlightedIds}
            matchIds={matchIds}
            onFocus={(id) => selectAndFocus(id)}
          />
        ) : (
          <LineageStage
            options={graphOptions}
            onCamera={onCamera}
            moving={movingId !== null}
            onEscape={() => {
              if (movingId) setMovingId(null);
              else clearSelection();
            }}
            onKinMove={(next) => {
              dispatch({ type: 'select', id: next });
              camera.centerOn(next, Math.max(FAMILY_GRAPH.searchZoom, 1), FAMILY_GRAPH.zoomDurationMs);
            }}
          />
        )}
        {state.selectedId && (
          <PersonCard
            graph={graph}
            personId={state.selectedId}
            tracePath={state.mode === 'trace' ? state.tracePath : null}
            pinned={pinnedIds.has(state.selectedId)}
            moving={movingId === state.selectedId}
            placeable={display === 'lineage'}
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
        {t(display === 'family' ? messages.circleHelp : messages.help)}
      </p>
      {state.listOpen && (
        <Suspense fallback={null}>
          <FamilyListView
            graph={graph}
            selectedId={state.selectedId}
            highlightedIds={highlightedIds}
            matchIds={matchIds}
            filtered={state.query.trim() !== ''}
            onSelect={(id) => selectAndFocus(id)}
            onClear={clearSelection}
          />
        </Suspense>
      )}
      {belowShown && (
        <TreesApart
          data={families.data}
          shownRootId={graph.rootId}
          trees={trees}
          onChooseTree={onChooseTree}
        />
      )}
      {belowShown && (
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
      )}
      <p className="visually-hidden" aria-live="polite" data-testid="families-announcer">
        {state.announcement}
      </p>
    </div>
  );
}
