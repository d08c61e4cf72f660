// Options of the Organic (force-directed, fcose) view, shared by the Node layout script and the page's Re-layout.
import { FAMILY_GRAPH } from '../constants.ts';

/**
 * fcose is a spectral start plus a short CoSE refinement: about 1.5 s for 2,000 nodes in Node, where cose and cola
 * take tens of seconds. The spec's d3-force constants (alpha decay 0.02, velocity decay 0.3) have no fcose
 * counterpart; its cooldown (3 s) becomes the duration of the in-page Re-layout animation.
 */
export const ORGANIC_LAYOUT = {
  name: 'fcose',
  quality: 'default',
  randomize: true,
  packComponents: true,
  nodeSeparation: 90,
  idealEdgeLength: 70,
  nodeRepulsion: 6500,
  edgeElasticity: 0.45,
  gravity: 0.25,
  numIter: 2500,
  /** Larger trees get fcose's spectral start only ('draft'): 3 s instead of 16 s for 2,000 persons. */
  refineMaxPersons: 1000,
  /** Node widths in model units, from the spec's val (20 royal, 8 others). */
  nodeDiameter: (val: number) => Math.round(Math.sqrt(val) * 8),
  animationDurationMs: FAMILY_GRAPH.physicsCooldownMs,
} as const;
