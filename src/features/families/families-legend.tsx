// Legend of the family graph: every colour paired with a shape, ring or line style.
export function FamiliesLegend({ queenName }: { queenName: string | undefined }) {
  return (
    <ul className="families-legend" aria-label="Legend">
      <li>
        <span className="legend-swatch legend-male" aria-hidden="true" /> Male (square)
      </li>
      <li>
        <span className="legend-swatch legend-female" aria-hidden="true" /> Female (circle)
      </li>
      <li>
        <span className="legend-swatch legend-royal" aria-hidden="true" /> Royal Lineage (6 Kings + Queen
        {queenName ? ` ${queenName}` : ''}, double gold ring)
      </li>
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
