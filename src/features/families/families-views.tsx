// The families page's views, always one tap away: Family (a person and their nearest relatives, the phone's first
// view), Whole lineage (everyone, on cytoscape) and the List; and the person last viewed, remembered on this phone.
import { FAMILY_GRAPH } from '../../../core/constants.ts';
import type { FamilyGraph } from '../../../core/families/family-graph.ts';
import { families } from '../../../core/i18n/messages/families.ts';
import { useT } from '../../i18n/i18n.tsx';

export type FamiliesDisplay = 'family' | 'lineage';

/** The phone layout's width (families.css folds the tools below it too). */
const NARROW_QUERY = '(max-width: 40rem)';
const FOCUS_KEY = 'lopit.families.last-viewed';

/**
 * A phone, or a lineage too large to read whole, opens on the family view; a small lineage on a wide screen opens
 * whole.
 */
export function initialDisplay(persons: number): FamiliesDisplay {
  const narrow = typeof window.matchMedia === 'function' && window.matchMedia(NARROW_QUERY).matches;
  return narrow || persons > FAMILY_GRAPH.lineageFirstMaxPersons ? 'family' : 'lineage';
}

/** The person last viewed on this phone when they are in the tree shown, else its root. */
export function rememberedFocus(graph: FamilyGraph): string {
  try {
    const id = localStorage.getItem(FOCUS_KEY);
    if (id && graph.nodeById.has(id)) return id;
  } catch {
    // Storage refused: start from the root.
  }
  return graph.rootId;
}

export function rememberFocus(id: string): void {
  try {
    localStorage.setItem(FOCUS_KEY, id);
  } catch {
    // Storage refused: remembered for this visit only.
  }
}

export interface FamiliesViewsProps {
  display: FamiliesDisplay;
  listOpen: boolean;
  onDisplay: (display: FamiliesDisplay) => void;
  onToggleList: () => void;
}

export function FamiliesViews({ display, listOpen, onDisplay, onToggleList }: FamiliesViewsProps) {
  const t = useT();
  return (
    <div className="families-views" role="group" aria-label={t(families.views)} data-testid="families-views">
      {(
        [
          ['family', families.viewFamily],
          ['lineage', families.viewLineage],
        ] as const
      ).map(([option, label]) => (
        <button
          key={option}
          type="button"
          className="btn"
          aria-pressed={display === option}
          onClick={() => onDisplay(option)}
        >
          {t(label)}
        </button>
      ))}
      <button type="button" className="btn" aria-pressed={listOpen} onClick={onToggleList}>
        {t(families.listView)}
      </button>
    </div>
  );
}
