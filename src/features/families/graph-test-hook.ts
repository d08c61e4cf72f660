// Read-only window.__familiesGraph for Playwright and the benchmark: what cytoscape actually shows, never a way to change it.
import type cytoscape from 'cytoscape';

export interface FamiliesGraphTestHook {
  readonly ready: boolean;
  /**
   * Drawn, the first auto-fit begun, no resize refit waiting, and nothing moving (viewport or node
   * animations): what a test waits for instead of sleeping through the animations.
   */
  readonly settled: boolean;
  /** performance.now() when the laid-out graph was first drawn. */
  readonly readyAt: number | null;
  readonly selectedId: string | null;
  /** Node ids carrying the highlight class, sorted. */
  readonly highlightedIds: string[];
  readonly highlightedLinkIds: string[];
  readonly dimmedIds: string[];
  readonly matchIds: string[];
  readonly pinnedIds: string[];
  /** Whether a node outside the highlight shows its name. */
  readonly labelsVisible: boolean;
  readonly nodeCount: number;
  readonly zoom: number;
  /** Viewport (client) coordinates of a node's centre, for clicking it like a user would. */
  clientPosition(id: string): { x: number; y: number } | null;
  /** A node's model position (to check that a dragged node stays). */
  modelPosition(id: string): { x: number; y: number } | null;
}

declare global {
  interface Window {
    __familiesGraph?: FamiliesGraphTestHook;
  }
}

/** What the graph hook tells the test hook as it goes. */
export interface GraphTestState {
  readyAt: number | null;
  pinned: ReadonlyMap<string, unknown>;
  autoFitStarted: boolean;
  resizePending: boolean;
}

export function installTestHook(cy: cytoscape.Core, state: GraphTestState): () => void {
  const hook: FamiliesGraphTestHook = {
    get ready() {
      return state.readyAt !== null;
    },
    get settled() {
      return (
        state.readyAt !== null &&
        state.autoFitStarted &&
        !state.resizePending &&
        !cy.animated() &&
        cy.nodes(':animated').empty()
      );
    },
    get readyAt() {
      return state.readyAt;
    },
    get selectedId() {
      return cy.nodes('.selected-person').first().id() ?? null;
    },
    get highlightedIds() {
      return cy
        .nodes('.highlighted')
        .map((node) => node.id())
        .sort();
    },
    get highlightedLinkIds() {
      return cy
        .edges('.highlighted')
        .map((edge) => edge.id())
        .sort();
    },
    get dimmedIds() {
      return cy
        .nodes('.dimmed, .dimmed-trace')
        .map((node) => node.id())
        .sort();
    },
    get matchIds() {
      return cy
        .nodes('.match')
        .map((node) => node.id())
        .sort();
    },
    get pinnedIds() {
      return [...state.pinned.keys()].sort();
    },
    get labelsVisible() {
      const plain = cy.nodes().not('.highlighted').first();
      const node = plain.nonempty() ? plain : cy.nodes().first();
      return node.nonempty() && String(node.style('label')) !== '';
    },
    get nodeCount() {
      return cy.nodes().length;
    },
    get zoom() {
      return cy.zoom();
    },
    clientPosition(id) {
      const node = cy.getElementById(id);
      if (node.empty()) return null;
      const box = cy.container()?.getBoundingClientRect();
      const rendered = node.renderedPosition();
      return { x: (box?.left ?? 0) + rendered.x, y: (box?.top ?? 0) + rendered.y };
    },
    modelPosition(id) {
      const node = cy.getElementById(id);
      return node.empty() ? null : { ...node.position() };
    },
  };
  window.__familiesGraph = hook;
  return () => {
    if (window.__familiesGraph === hook) delete window.__familiesGraph;
  };
}
