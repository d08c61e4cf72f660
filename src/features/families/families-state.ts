// State machine of the families page (spec section 4): selection, trace, relation, search, labels, view, panels.
import type { FamilyGraph } from '../../../core/families/family-graph.ts';
import type { LayoutView } from '../../../core/families/family-schema.ts';
import { describeKinship, type KinshipDescription } from '../../../core/families/kinship.ts';
import type { FamilyPath } from '../../../core/families/paths.ts';
import { pathToRoot, shortestPath } from '../../../core/families/paths.ts';
import { relativesWithSelf } from '../../../core/families/relatives.ts';
import { matchPersons } from '../../../core/families/search.ts';
import { families } from '../../../core/i18n/messages/families.ts';
import { t } from '../../i18n/i18n.tsx';
import { kinshipSentence } from './kinship-words.ts';

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
  relation: KinshipDescription | null;
  labelsVisible: boolean;
  tracePanelOpen: boolean;
  query: string;
  view: LayoutView;
  listOpen: boolean;
  /** Read by screen readers through an aria-live region (in the interface's language when it was said). */
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
      node.gender === 'male' ? t(families.announceMale) : null,
      node.gender === 'female' ? t(families.announceFemale) : null,
      node.born ? t(families.announceBorn, { year: node.born }) : null,
      node.died ? t(families.announceDied, { year: node.died }) : null,
      node.deceased ? t(families.announceDeceased) : null,
      node.royalLineage ? t(families.announceRoyal) : null,
    ]
      .filter((detail) => detail !== null)
      .map((detail) => t(families.announceDetail, { detail }))
      .join('');
    return {
      ...state,
      ...cleared,
      mode: 'select',
      selectedId: id,
      highlight,
      announcement: t(families.announceSelected, {
        name: node.name,
        details,
        root: id === graph.rootId ? 'yes' : 'no',
        relatives,
      }),
    };
  }

  return function reducer(state: FamiliesState, action: FamiliesAction): FamiliesState {
    switch (action.type) {
      case 'select': {
        const next = select(state, action.id);
        return action.query === undefined ? next : { ...next, query: action.query };
      }
      case 'clear':
        return { ...state, ...cleared, announcement: t(families.announceCleared) };
      case 'search': {
        if (action.query.trim() === '')
          return {
            ...state,
            ...cleared,
            query: action.query,
            announcement: state.selectedId ? t(families.announceSearchCleared) : state.announcement,
          };
        const first = matchPersons(graph.nodes, action.query)[0];
        if (!first)
          return {
            ...state,
            ...cleared,
            query: action.query,
            announcement: t(families.announceNoMatch),
          };
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
            ? t(families.announceTrace, { name: name(action.id), root: name(graph.rootId), steps })
            : t(families.announceNoTrace, { name: name(action.id) }),
        };
      }
      case 'relate': {
        const path = shortestPath(graph, action.fromId, action.toId);
        // The two persons as chosen (a path that is not found holds only the first).
        const relation = { ...describeKinship(graph, path), fromId: action.fromId, toId: action.toId };
        return {
          ...state,
          ...cleared,
          mode: 'relation',
          selectedId: action.fromId,
          highlight: path.found
            ? { nodeIds: path.nodeIds, linkIds: path.linkIds }
            : { nodeIds: [action.fromId, action.toId], linkIds: [] },
          relation,
          announcement: kinshipSentence(t, graph, relation),
        };
      }
      case 'reset':
        return {
          ...state,
          ...cleared,
          query: '',
          tracePanelOpen: false,
          announcement: t(families.announceReset),
        };
      case 'toggle-labels':
        return {
          ...state,
          labelsVisible: !state.labelsVisible,
          announcement: t(state.labelsVisible ? families.announceNamesHidden : families.announceNamesShown),
        };
      case 'trace-panel':
        return { ...state, tracePanelOpen: action.open };
      case 'view':
        return {
          ...state,
          view: action.view,
          announcement: t(families.announceView, { view: action.view }),
        };
      case 'toggle-list':
        return { ...state, listOpen: !state.listOpen };
    }
  };
}
