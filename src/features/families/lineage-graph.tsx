// The whole lineage drawn by cytoscape: its own chunk, loaded only when the reader opens the whole lineage (the
// phone-first family view needs none of it). Hands the page the camera once the graph exists.
import { useEffect, useRef, type HTMLAttributes } from 'react';
import type { FamilyGraphController, FamilyGraphOptions } from './family-graph-types.ts';
import { useFamilyGraph } from './use-family-graph.ts';

export interface LineageGraphProps {
  options: FamilyGraphOptions;
  canvasProps: HTMLAttributes<HTMLDivElement> & Record<`data-${string}`, string | undefined>;
  onCamera: (camera: FamilyGraphController | null) => void;
}

export default function LineageGraph({ options, canvasProps, onCamera }: LineageGraphProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const camera = useFamilyGraph(containerRef, options);
  useEffect(() => {
    onCamera(camera);
    return () => onCamera(null);
  }, [camera, onCamera]);
  return <div ref={containerRef} {...canvasProps} />;
}
