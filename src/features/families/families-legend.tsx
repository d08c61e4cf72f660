// Legend of the family graph: every colour paired with a shape, ring or line style.
import { families } from '../../../core/i18n/messages/families.ts';
import { richText, useT, type Translate } from '../../i18n/i18n.tsx';
import type { Families } from './family-data.ts';

/** "6 Kings + Queen Sample Queen", from the royal persons the data marks (names are data, shown as written). */
function RoyalLine({
  t,
  line: { kings, queens },
}: {
  t: Translate;
  line: NonNullable<Families['royalLine']>;
}) {
  const kingsPart = kings > 0 ? t(families.kings, { count: kings }) : null;
  const queensPart =
    queens.length === 1
      ? richText(t, families.queen, { name: <span translate="no">{queens[0]}</span> })
      : queens.length > 1
        ? t(families.queens, { count: queens.length })
        : null;
  if (kingsPart && queensPart)
    return <>{richText(t, families.royalLine, { kings: kingsPart, queens: queensPart })}</>;
  return <>{kingsPart ?? queensPart}</>;
}

// Each entry is a swatch and one text: the text's parts (a name inside a message) must wrap as one line of words.
export function FamiliesLegend({ royalLine }: { royalLine: Families['royalLine'] }) {
  const t = useT();
  return (
    <ul className="families-legend" aria-label={t(families.legend)}>
      <li>
        <span className="legend-swatch legend-male" aria-hidden="true" />{' '}
        <span>{t(families.legendMale)}</span>
      </li>
      <li>
        <span className="legend-swatch legend-female" aria-hidden="true" />{' '}
        <span>{t(families.legendFemale)}</span>
      </li>
      {royalLine && (
        <li data-testid="families-legend-royal">
          <span className="legend-swatch legend-royal" aria-hidden="true" />{' '}
          <span>{richText(t, families.legendRoyal, { line: <RoyalLine t={t} line={royalLine} /> })}</span>
        </li>
      )}
      <li>
        <span className="legend-line legend-marriage" aria-hidden="true" />{' '}
        <span>{t(families.legendMarriage)}</span>
      </li>
      <li>
        <span className="legend-line legend-parent" aria-hidden="true" />{' '}
        <span>{t(families.legendParent)}</span>
      </li>
      <li>
        <span className="legend-swatch legend-selected" aria-hidden="true" />{' '}
        <span>{t(families.legendSelected)}</span>
      </li>
      <li>
        <span className="legend-swatch legend-match" aria-hidden="true" />{' '}
        <span>{t(families.legendMatch)}</span>
      </li>
    </ul>
  );
}
