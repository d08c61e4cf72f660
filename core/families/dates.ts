// GEDCOM 5.5.1 date values, kept as written: the first year for sorting, and a readable label for the page.

const MONTHS = new Set([
  ...['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'],
  // French republican and Hebrew calendars name their months too.
  ...['VEND', 'BRUM', 'FRIM', 'NIVO', 'PLUV', 'VENT', 'GERM', 'FLOR', 'PRAI', 'MESS', 'THER', 'FRUC', 'COMP'],
  ...['TSH', 'CSH', 'KSL', 'TVT', 'SHV', 'ADR', 'ADS', 'NSN', 'IYR', 'SVN', 'TMZ', 'AAV', 'ELL'],
]);

const CALENDARS: Record<string, string> = {
  DGREGORIAN: '',
  DJULIAN: 'Julian calendar',
  DHEBREW: 'Hebrew calendar',
  'DFRENCH R': 'French republican calendar',
  DROMAN: 'Roman calendar',
  DUNKNOWN: 'unknown calendar',
};

const WORDS: Record<string, string> = {
  ABT: 'about',
  CAL: 'calculated',
  EST: 'estimated',
  BEF: 'before',
  AFT: 'after',
  BET: 'between',
  AND: 'and',
  FROM: 'from',
  TO: 'to',
  INT: '',
};

/**
 * The first year a date names ("ABT 1850" -> 1850, "12 MAR 850" -> 850, "@#DJULIAN@ 1700/01" -> 1700), or undefined
 * (no year, a phrase, or a year before the common era, which the schema's birthYear does not hold).
 */
export function yearOf(date: string | undefined): number | undefined {
  if (!date) return undefined;
  const tokens = date
    .replace(/\(.*\)/g, ' ')
    .replace(/@#D[^@]*@/g, ' ')
    .toUpperCase()
    .split(/\s+/)
    .filter(Boolean);
  for (const [index, token] of tokens.entries()) {
    const year = /^(\d{1,4})(?:\/\d{1,2})?$/.exec(token);
    if (!year?.[1]) continue;
    // A number followed by a month is a day.
    if (MONTHS.has(tokens[index + 1] ?? '')) continue;
    if (/^B\.?C\.?$|^BCE$/.test(tokens[index + 1] ?? '')) return undefined;
    const value = Number(year[1]);
    return value >= 1 ? value : undefined;
  }
  return undefined;
}

/** A readable form: "about 1850", "between 1850 and 1860", "12 Mar 1921", "850 (Julian calendar)". */
export function describeDate(date: string | undefined): string | undefined {
  if (!date) return undefined;
  const calendars: string[] = [];
  let phrase = '';
  const text = date
    .replace(/\((.*)\)/, (_match, inner: string) => {
      phrase = inner.trim();
      return ' ';
    })
    .replace(/@#(D[^@]*)@/g, (_match, name: string) => {
      const label = CALENDARS[name.toUpperCase()] ?? name;
      if (label && !calendars.includes(label)) calendars.push(label);
      return ' ';
    });
  const words = text
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => {
      const upper = word.toUpperCase();
      if (upper in WORDS) return WORDS[upper];
      if (MONTHS.has(upper)) return upper.charAt(0) + upper.slice(1).toLowerCase();
      return word;
    })
    .filter(Boolean);
  // "INT 1850 (as the elders told)": the interpreted date with its phrase; a lone phrase is the date.
  const main = words.join(' ');
  const label = main && phrase ? `${main} (${phrase})` : main || phrase;
  if (!label) return undefined;
  return calendars.length > 0 ? `${label} (${calendars.join(', ')})` : label;
}
