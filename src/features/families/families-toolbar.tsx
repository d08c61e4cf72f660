// Graph toolbar: zoom, fit, root, reset, names, trace, views, re-layout and the list view toggle.
import type { LayoutView } from '../../../core/families/family-schema.ts';

export interface FamiliesToolbarProps {
  id: string;
  /** Folded away on a phone (the toggle above it opens it); always shown on wider screens. */
  folded: boolean;
  labelsVisible: boolean;
  tracing: boolean;
  view: LayoutView;
  listOpen: boolean;
  relayoutBusy: boolean;
  onZoomOut: () => void;
  onZoomIn: () => void;
  onFit: () => void;
  onFocusRoot: () => void;
  onReset: () => void;
  onToggleLabels: () => void;
  onTrace: () => void;
  onView: (view: LayoutView) => void;
  onRelayout: () => void;
  onToggleList: () => void;
}

export function FamiliesToolbar(props: FamiliesToolbarProps) {
  const { labelsVisible, tracing, view, listOpen, relayoutBusy } = props;
  return (
    <div
      id={props.id}
      className="families-toolbar"
      data-folded={props.folded}
      role="group"
      aria-label="Graph controls"
    >
      <div className="families-toolbar-group">
        <button type="button" className="btn" onClick={props.onZoomOut}>
          Zoom Out
        </button>
        <button type="button" className="btn" onClick={props.onZoomIn}>
          Zoom In
        </button>
        <button type="button" className="btn" onClick={props.onFit}>
          Fit to Screen
        </button>
        <button type="button" className="btn" onClick={props.onFocusRoot}>
          Focus on Root
        </button>
        <button type="button" className="btn" onClick={props.onReset}>
          Reset View
        </button>
        <button type="button" className="btn" onClick={props.onToggleLabels}>
          {labelsVisible ? 'Hide Names' : 'Show Names'}
        </button>
        <button type="button" className={tracing ? 'btn btn-primary' : 'btn'} onClick={props.onTrace}>
          {tracing ? 'Exit Trace' : 'Trace to Root'}
        </button>
      </div>
      <div className="families-toolbar-group" role="group" aria-label="Layout">
        {(['generations', 'organic'] as const).map((option) => (
          <button
            key={option}
            type="button"
            className="btn"
            aria-pressed={view === option}
            onClick={() => props.onView(option)}
          >
            {option === 'generations' ? 'Generations' : 'Organic'}
          </button>
        ))}
        <button
          type="button"
          className="btn"
          onClick={props.onRelayout}
          disabled={relayoutBusy}
          aria-busy={relayoutBusy}
        >
          {relayoutBusy ? 'Laying out…' : 'Re-layout'}
        </button>
        <button type="button" className="btn" aria-pressed={listOpen} onClick={props.onToggleList}>
          List view
        </button>
      </div>
    </div>
  );
}
