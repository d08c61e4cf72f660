// Graph toolbar: zoom, fit, root, reset, names, trace, layouts and re-layout (the camera's only in the whole lineage).
import type { LayoutView } from '../../../core/families/family-schema.ts';
import type { FamiliesDisplay } from './families-views.tsx';
import { families } from '../../../core/i18n/messages/families.ts';
import { useT } from '../../i18n/i18n.tsx';

export interface FamiliesToolbarProps {
  id: string;
  /** Folded away on a phone (the toggle above it opens it); always shown on wider screens. */
  folded: boolean;
  labelsVisible: boolean;
  tracing: boolean;
  view: LayoutView;
  /** The family view has no camera: only its trace and reset buttons show. */
  display: FamiliesDisplay;
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
}

export function FamiliesToolbar(props: FamiliesToolbarProps) {
  const t = useT();
  const { labelsVisible, tracing, view, relayoutBusy } = props;
  const lineage = props.display === 'lineage';
  return (
    <div
      id={props.id}
      className="families-toolbar"
      data-folded={props.folded}
      role="group"
      aria-label={t(families.graphControls)}
    >
      <div className="families-toolbar-group">
        {lineage && (
          <>
            <button type="button" className="btn" onClick={props.onZoomOut}>
              {t(families.zoomOut)}
            </button>
            <button type="button" className="btn" onClick={props.onZoomIn}>
              {t(families.zoomIn)}
            </button>
            <button type="button" className="btn" onClick={props.onFit}>
              {t(families.fit)}
            </button>
          </>
        )}
        <button type="button" className="btn" onClick={props.onFocusRoot}>
          {t(families.focusRoot)}
        </button>
        <button type="button" className="btn" onClick={props.onReset}>
          {t(families.resetView)}
        </button>
        {lineage && (
          <button type="button" className="btn" onClick={props.onToggleLabels}>
            {t(labelsVisible ? families.hideNames : families.showNames)}
          </button>
        )}
        <button type="button" className={tracing ? 'btn btn-primary' : 'btn'} onClick={props.onTrace}>
          {t(tracing ? families.exitTrace : families.traceToRoot)}
        </button>
      </div>
      {lineage && (
        <div className="families-toolbar-group" role="group" aria-label={t(families.layout)}>
          {(['generations', 'organic'] as const).map((option) => (
            <button
              key={option}
              type="button"
              className="btn"
              aria-pressed={view === option}
              onClick={() => props.onView(option)}
            >
              {t(option === 'generations' ? families.generations : families.organic)}
            </button>
          ))}
          <button
            type="button"
            className="btn"
            onClick={props.onRelayout}
            disabled={relayoutBusy}
            aria-busy={relayoutBusy}
          >
            {t(relayoutBusy ? families.relayingOut : families.relayout)}
          </button>
        </div>
      )}
    </div>
  );
}
