// A small running-total line chart. The plot is an SVG stretched to its box (0-100 coordinates, strokes kept
// at their width), with the axis labels as HTML around it, so it fits any width without measuring. The picture
// is described by a title and a text summary; the figures themselves are in the table beside it.
import { useId } from 'react';
import { dateLang, linePaths, niceMax } from './chart-scale.ts';

export interface ChartPoint {
  label: string;
  value: number;
}

export function LineChart({
  title,
  summary,
  points,
  format,
  tone,
}: {
  title: string;
  /** What the chart shows, in words (read by screen readers and shown under the chart). */
  summary: string;
  points: readonly ChartPoint[];
  /** Axis labels: short numbers with their unit. */
  format: (value: number) => string;
  tone: 'audio' | 'pairs';
}) {
  const titleId = useId();
  const descId = useId();
  const max = niceMax(Math.max(0, ...points.map((point) => point.value)));
  // Percent of the plot box; a single point sits in the middle.
  const x = (index: number) => (points.length > 1 ? (index / (points.length - 1)) * 100 : 50);
  const y = (value: number) => 100 - (value / max) * 100;
  const { line, area } = linePaths(
    points.map((point, index) => ({ x: x(index), y: y(point.value) })),
    100,
  );
  const ticks = [0, max / 2, max];
  const last = points[points.length - 1];
  const middle = points.length > 2 ? points[Math.floor((points.length - 1) / 2)] : undefined;

  return (
    <figure className={`line-chart line-chart-${tone}`}>
      <div className="line-chart-body">
        <div className="line-chart-y" aria-hidden="true">
          {ticks.map((tick) => (
            <span key={tick} style={{ top: `${y(tick)}%` }}>
              {format(tick)}
            </span>
          ))}
        </div>
        <div className="line-chart-plot">
          <svg viewBox="0 0 100 100" preserveAspectRatio="none" role="img" aria-labelledby={`${titleId} ${descId}`}>
            <title id={titleId}>{title}</title>
            <desc id={descId}>{summary}</desc>
            {ticks.map((tick) => (
              <line
                key={tick}
                className="line-chart-grid"
                x1={0}
                x2={100}
                y1={y(tick)}
                y2={y(tick)}
                vectorEffect="non-scaling-stroke"
              />
            ))}
            <path className="line-chart-area" d={area} />
            <path className="line-chart-line" d={line} vectorEffect="non-scaling-stroke" />
          </svg>
          {last && (
            <span
              className="line-chart-dot"
              style={{ left: `${x(points.length - 1)}%`, top: `${y(last.value)}%` }}
              aria-hidden="true"
            />
          )}
        </div>
        <div className="line-chart-x" aria-hidden="true" lang={dateLang()}>
          <span>{points[0]?.label}</span>
          {middle && <span>{middle.label}</span>}
          {points.length > 1 && <span>{last?.label}</span>}
        </div>
      </div>
      <figcaption>
        <strong>{title}</strong>
        <span className="muted"> — {summary}</span>
      </figcaption>
    </figure>
  );
}
