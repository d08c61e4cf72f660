// Legend of the family graph: every colour paired with a shape, ring or line style.
import type { Families } from './family-data.ts';

/** "6 Kings + Queen Sample Queen", from the royal persons the data marks. */
function describeRoyalLine({ kings, queens }: NonNullable<Families['royalLine']>): string {
  const parts = [];
  if (kings > 0) parts.push(`${kings} ${kings === 1 ? 'King' : 'Kings'}`);
  if (queens.length === 1) parts.push(`Queen ${queens[0]}`);
  else if (queens.length > 1) parts.push(`${queens.length} Queens`);
  return parts.join(' + ');
}

export function FamiliesLegend({ royalLine }: { royalLine: Families['royalLine'] }) {
  return (
    <ul className="families-legend" aria-label="Legend">
      <li>
        <span className="legend-swatch legend-male" aria-hidden="true" /> Male (square)
      </li>
      <li>
        <span className="legend-swatch legend-female" aria-hidden="true" /> Female (circle)
      </li>
      {royalLine && (
        <li data-testid="families-legend-royal">
          <span className="legend-swatch legend-royal" aria-hidden="true" /> Royal Lineage (
          {describeRoyalLine(royalLine)}, double gold ring)
        </li>
      )}
      <li>
        <span className="legend-line legend-marriage" aria-hidden="true" /> Marriage (dashed line)
      </li>
      <li>
        <span className="legend-line legend-parent" aria-hidden="true" /> Parent-Child (solid line, arrow to
        the child)
      </li>
      <li>
        <span className="legend-swatch legend-selected" aria-hidden="true" /> Selected (solid violet ring)
      </li>
      <li>
        <span className="legend-swatch legend-match" aria-hidden="true" /> Search match (dashed amber ring)
      </li>
    </ul>
  );
}
