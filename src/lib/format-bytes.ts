// A byte count as people read it: 512 B, 3.4 kB, 120 MB (powers of 1024, one decimal below 10), the number
// written in the interface's language (Intl: a decimal comma where the language has one).
import { formatNumber } from '../i18n/i18n.tsx';

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${formatNumber(bytes)} B`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = value < 10 ? 1 : 0;
  return `${formatNumber(value, { minimumFractionDigits: digits, maximumFractionDigits: digits })} ${units[unit]}`;
}
