// The whole lineage's place on the families page: its chunk loaded on first use (a status until then), the
// canvas's accessible name and state, and its keys (Escape, and the arrows moving between relatives).
import { Suspense, lazy } from 'react';
import { FAMILY_GRAPH } from '../../../core/constants.ts';
import { families as messages } from '../../../core/i18n/messages/families.ts';
import { useT } from '../../i18n/i18n.tsx';
import type { FamilyGraphController, FamilyGraphOptions } from './family-graph-types.ts';
import { kinMove } from './kin-navigation.ts';

const LineageGraph = lazy(() => import('./lineage-graph.tsx'));

interface LineageStageProps {
  options: FamilyGraphOptions;
  onCamera: (camera: FamilyGraphController | null) => void;
  /** A person is being moved (the next tap on the background places them). */
  moving: boolean;
  onEscape: () => void;
  /** An arrow key chose this relative of the selected person (or of the root). */
  onKinMove: (id: string) => void;
}

export function LineageStage({ options, onCamera, moving, onEscape, onKinMove }: LineageStageProps) {
  const t = useT();
  const { graph, selectedId, mode, labelsVisible } = options;
  const height = { height: `${FAMILY_GRAPH.graphHeightVh}vh` };
  return (
    <Suspense
      fallback={
        <div className="families-canvas" style={height} data-testid="families-canvas">
          <p className="muted families-canvas-loading" role="status">
            {t(messages.lineageLoading)}
          </p>
        </div>
      }
    >
      <LineageGraph
        options={options}
        onCamera={onCamera}
        canvasProps={{
          className: 'families-canvas',
          style: height,
          role: 'application',
          'aria-roledescription': t(messages.graphRole),
          'aria-label': t(messages.graphLabel),
          'aria-describedby': 'families-help',
          tabIndex: 0,
          'data-testid': 'families-canvas',
          'data-selected-id': selectedId ?? '',
          'data-mode': mode,
          'data-labels-visible': String(labelsVisible),
          'data-moving': moving ? 'true' : undefined,
          onKeyDown: (event) => {
            if (event.key === 'Escape') {
              onEscape();
              return;
            }
            const next = kinMove(graph, selectedId ?? graph.rootId, event.key);
            if (next) {
              event.preventDefault();
              onKinMove(next);
            }
          },
        }}
      />
    </Suspense>
  );
}
