// Cytoscape stylesheet from the theme's CSS variables: colour plus shape, ring and line style, so colour is never the only cue.
import type cytoscape from 'cytoscape';
import { FAMILY_GRAPH } from '../../../core/constants.ts';
import { ORGANIC_LAYOUT } from '../../../core/families/organic-layout-options.ts';

export interface GraphColours {
  male: string;
  female: string;
  royal: string;
  selected: string;
  match: string;
  text: string;
  muted: string;
  background: string;
}

/** Reads the current theme's colours (called again whenever <html data-theme> changes). */
export function readGraphColours(element: Element = document.documentElement): GraphColours {
  const style = getComputedStyle(element);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    male: read('--male', '#4c8dff'),
    female: read('--female', '#ff6fa3'),
    royal: read('--royal', '#f5c542'),
    selected: read('--selected', '#a371f7'),
    match: read('--match', '#ffb020'),
    text: read('--text', '#e9ecf1'),
    muted: read('--text-muted', '#a7afbd'),
    background: read('--bg', '#0f1115'),
  };
}

type Block = { selector: string; style: Record<string, unknown> };

/** A node's diameter, kept in its data (`size`) when it is added, so the stylesheet maps it instead of calling. */
export const nodeSize = (val: unknown) => ORGANIC_LAYOUT.nodeDiameter(Number(val));

/**
 * Below how far zoomed out a large lineage's names are not drawn (cytoscape's min-zoomed-font-size, in screen
 * pixels): the overview shows the shape, names appear as the reader zooms in.
 */
const LARGE_MIN_ZOOMED_FONT_PX = 10;

/**
 * Male: rounded square, female: circle, unknown: diamond. Royal lineage: double gold border. Selected: solid violet
 * outline and bold name. Search match: dashed amber outline. Marriage: dashed line; parent-child: solid with an arrow.
 */
export function buildStylesheet(
  colours: GraphColours,
  labelsVisible: boolean,
  large = false,
): cytoscape.StylesheetStyle[] {
  // A large lineage gets a lean style: every property is applied to each of thousands of elements as they are
  // added (the per-batch cost on a phone), so no fading, no backdrop behind names, no shortening of names.
  const fade = large ? {} : { 'transition-property': 'opacity', 'transition-duration': 200 };
  const labelStyle = large
    ? { 'min-zoomed-font-size': LARGE_MIN_ZOOMED_FONT_PX }
    : {
        'text-wrap': 'ellipsis',
        'text-max-width': '120px',
        'text-background-color': colours.background,
        'text-background-opacity': 0.7,
        'text-background-padding': '2px',
        'text-background-shape': 'roundrectangle',
        'min-zoomed-font-size': 7,
      };
  const blocks: Block[] = [
    {
      selector: 'node',
      style: {
        width: 'data(size)',
        height: 'data(size)',
        shape: 'ellipse',
        'background-color': colours.muted,
        label: labelsVisible ? 'data(name)' : '',
        color: colours.text,
        'font-size': 11,
        'text-valign': 'bottom',
        'text-margin-y': 4,
        ...labelStyle,
        ...fade,
      },
    },
    {
      selector: 'node[gender = "male"]',
      style: { shape: 'round-rectangle', 'background-color': colours.male },
    },
    { selector: 'node[gender = "female"]', style: { shape: 'ellipse', 'background-color': colours.female } },
    { selector: 'node[gender = "unknown"]', style: { shape: 'diamond' } },
    {
      selector: 'node[?royalLineage]',
      style: {
        'border-width': 5,
        'border-style': 'double',
        'border-color': colours.royal,
        'font-weight': 'bold',
      },
    },
    {
      selector: 'edge',
      style: {
        width: 1.5,
        'line-color': colours.muted,
        // A large lineage's lines are haystack lines, cytoscape's cheapest (no arrow): a parent is still
        // above the child in the generations view, and the person card names the direction.
        ...(large
          ? { 'curve-style': 'haystack' }
          : {
              'curve-style': 'straight',
              'target-arrow-shape': 'triangle',
              'target-arrow-color': colours.muted,
              'arrow-scale': 0.7,
            }),
        ...fade,
      },
    },
    {
      selector: 'edge[type = "marriage"]',
      style: { 'line-style': 'dashed', 'line-dash-pattern': [6, 4], 'target-arrow-shape': 'none', width: 2 },
    },
    { selector: 'node.highlighted', style: { label: 'data(name)', 'z-index': 5 } },
    {
      selector: 'edge.highlighted',
      style: {
        width: 3.5,
        'line-color': colours.selected,
        'target-arrow-color': colours.selected,
        'z-index': 5,
      },
    },
    {
      selector: 'node.match',
      style: {
        'outline-width': 3,
        'outline-style': 'dashed',
        'outline-color': colours.match,
        'outline-offset': 3,
      },
    },
    {
      selector: 'node.selected-person',
      style: {
        'outline-width': 4,
        'outline-style': 'solid',
        'outline-color': colours.selected,
        'outline-offset': 4,
        'font-weight': 'bold',
        'font-size': 13,
        'z-index': 10,
      },
    },
    { selector: '.dimmed', style: { opacity: FAMILY_GRAPH.dimOpacitySelected } },
    { selector: '.dimmed-trace', style: { opacity: FAMILY_GRAPH.dimOpacityTrace } },
  ];
  return blocks;
}
