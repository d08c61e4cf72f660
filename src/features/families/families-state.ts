// State machine of the families page (spec section 4): selection, trace, relation, search, labels, view, panels.
import type { FamilyGraph } from '../../../core/families/family-graph.ts';
import type { LayoutView } from '../../../core/families/family-schema.ts';
import { describeKinship } from '../../../core/families/kinship.ts';
import type { FamilyPath } from '../../../core/families/paths.ts';
import { pathToRoot, shortestPath } from '../../../core/families/paths.ts';
import { relativesWithSelf } from '../../../core/families/relatives.ts';
import { matchPersons } from '../../../core/families/search.ts';

export type GraphMode = 'idle' | 'select' | 'trace' | 'relation';

export interface Highlight {
  nodeIds: string[];
  linkIds: string[];
}

export interface FamiliesState {
  mode: GraphMode;
  selectedId: string | null;
  highlight: Highlight | null;
  tracePath: FamilyPath | null;
  relation: { fromId: string; toId: string; sentence: string } | null;
  labelsVisible: boolean;
  tracePanelOpen: boolean;
  query: string;
  view: LayoutView;
  listOpen: boolean;
  /** Read by screen readers through an aria-live region. */
  announcement: string;
}

export type FamiliesAction =
  | { type: 'select'; id: string; query?: string }
  | { type: 'clear' }
  | { type: 'search'; query: string }
  | { type: 'trace'; id: string }
  | { type: 'relate'; fromId: string; toId: string }
  | { type: 'reset' }
  | { type: 'toggle-labels' }
  | { type: 'trace-panel'; open: boolean }
  | { type: 'view'; view: LayoutView }
  | { type: 'toggle-list' };

export const initialFamiliesState: FamiliesState = {
  mode: 'idle',
  selectedId: null,
  highlight: null,
  tracePath: null,
  relation: null,
  labelsVisible: true,
  tracePanelOpen: false,
  query: '',
  view: 'generations',
  listOpen: false,
  announcement: '',
};

const cleared = { mode: 'idle', selectedId: null, highlight: null, tracePath: null, relation: null } as const;

export function createFamiliesReducer(graph: FamilyGraph) {
  const name = (id: string) => graph.nodeById.get(id)?.name ?? id;

  function select(state: FamiliesState, id: string): FamiliesState {
    const node = graph.nodeById.get(id);
    if (!node) return state;
    const highlight = relativesWithSelf(graph, id);
    const relatives = highlight.nodeIds.length - 1;
    const details = [
      node.gender === 'unknown' ? null : node.gender,
      node.born ? `born ${node.born}` : null,
      node.died ? `died ${node.died}` : null,
      node.royalLineage ? 'royal lineage' : null,
    ]
      .filter(Boolean)
      .join(', ');
    return {
      ...state,
      ...cleared,
      mode: 'select',
      selectedId: id,
      highlight,
      announcement: `Selected ${node.name}${details ? `, ${details}` : ''}${id === graph.rootId ? ', root person' : ''}. ${relatives} direct ${relatives === 1 ? 'relative' : 'relatives'} highlighted.`,
    };
  }

  return function reducer(state: FamiliesState, action: FamiliesAction): FamiliesState {
    switch (action.type) {
      case 'select': {
        const next = select(state, action.id);
        return action.query === undefined ? next : { ...next, query: action.query };
      }
      case 'clear':
        return { ...state, ...cleared, announcement: 'Selection cleared.' };
      case 'search': {
        if (action.query.trim() === '')
          return {
            ...state,
            ...cleared,
            query: action.query,
            announcement: state.selectedId ? 'Search cleared.' : state.announcement,
          };
        const first = matchPersons(graph.nodes, action.query)[0];
        if (!first)
          return { ...state, ...cleared, query: action.query, announcement: 'No family member matches.' };
        return { ...select(state, first.id), query: action.query };
      }
      case 'trace': {
        if (!graph.nodeById.has(action.id)) return state;
        const path = pathToRoot(graph, action.id);
        const steps = path.nodeIds.length - 1;
        return {
          ...state,
          ...cleared,
          mode: 'trace',
          selectedId: action.id,
          tracePath: path,
          highlight: { nodeIds: path.nodeIds, linkIds: path.linkIds },
          tracePanelOpen: false,
          announcement: path.found
            ? `Tracing ${name(action.id)} to the root ${name(graph.rootId)}: ${steps} ${steps === 1 ? 'step' : 'steps'}.`
            : `No path joins ${name(action.id)} to the root: only this person is shown.`,
        };
      }
      case 'relate': {
        const path = shortestPath(graph, action.fromId, action.toId);
        const { sentence } = describeKinship(graph, path);
        return {
          ...state,
          ...cleared,
          mode: 'relation',
          selectedId: action.fromId,
          highlight: path.found
            ? { nodeIds: path.nodeIds, linkIds: path.linkIds }
            : { nodeIds: [action.fromId, action.toId], linkIds: [] },
          relation: { fromId: action.fromId, toId: action.toId, sentence },
          announcement: sentence,
        };
      }
      case 'reset':
        return {
          ...state,
          ...cleared,
          query: '',
          tracePanelOpen: false,
          announcement: 'View reset: selection and search cleared.',
        };
      case 'toggle-labels':
        return {
          ...state,
          labelsVisible: !state.labelsVisible,
          announcement: state.labelsVisible ? 'Names hidden.' : 'Names shown.',
        };
      case 'trace-panel':
        return { ...state, tracePanelOpen: action.open };
      case 'view':
        return {
          ...state,
          view: action.view,
          announcement: `${action.view === 'generations' ? 'Generations' : 'Organic'} view.`,
        };
      case 'toggle-list':
        return { ...state, listOpen: !state.listOpen };
    }
  };
}
