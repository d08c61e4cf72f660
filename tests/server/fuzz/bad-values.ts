// fast-check arbitraries of hostile values, each with a label naming its class (the label groups failures): strings, numbers, ids, JSON shapes, nesting.
import fc from 'fast-check';

/** A value with the name of its class, e.g. { value: '\u0000', label: 'NUL' }. */
export interface Labelled<T> {
  value: T;
  label: string;
}

/** A JSON fragment sent as written: nesting deeper than JSON.stringify goes, numbers it cannot write. */
export class RawJson {
  constructor(readonly text: string) {}
}

const labelled = <T>(value: T, label: string): Labelled<T> => ({ value, label });
const constants = <T>(items: Labelled<T>[]) => fc.constantFrom(...items);

export const HUGE_LENGTH = 200_000;
/** Nesting depths sent: the brief's 10,000 levels, and deeper ones that still fit the 1 MB body limit. */
export const DEEP_LEVELS = [1_000, 10_000, 100_000] as const;

export const deepArray = (levels: number) => new RawJson(`${'['.repeat(levels)}${']'.repeat(levels)}`);
export const deepObject = (levels: number) => new RawJson(`${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`);

/** Inserts `piece` into `text` at a position chosen by `at` (0..1). */
const insert = (text: string, piece: string, at: number) => {
  const index = Math.floor(at * (text.length + 1));
  return `${text.slice(0, index)}${piece}${text.slice(index)}`;
};

/** Strings that break text handling, built around a near-valid `base` where that matters. */
export function badString(base: string, maxLength?: number): fc.Arbitrary<Labelled<string>> {
  const at = fc.double({ min: 0, max: 1, noNaN: true });
  return fc.oneof(
    { weight: 4, arbitrary: at.map((p) => labelled(insert(base, '\u0000', p), 'NUL')) },
    { weight: 1, arbitrary: fc.constant(labelled('\u0000', 'NUL only')) },
    {
      weight: 3,
      arbitrary: fc
        .tuple(at, fc.constantFrom('\ud800', '\udbff', '\udc00', '\udfff', '\ud83d'))
        .map(([p, half]) => labelled(insert(base, half, p), 'lone surrogate')),
    },
    {
      weight: 2,
      arbitrary: fc.constant(labelled('ab\u00e9\u4e2d'.repeat(HUGE_LENGTH / 4), 'huge string (200 KB)')),
    },
    {
      weight: 1,
      arbitrary: fc.constant(
        labelled(`a@${'b.'.repeat(HUGE_LENGTH / 4)}@`, 'a@b.b.b.…@ (100 KB, slow for naive email patterns)'),
      ),
    },
    ...(maxLength !== undefined && maxLength < HUGE_LENGTH
      ? [
          {
            weight: 1,
            arbitrary: fc.constant(labelled('x'.repeat(maxLength + 1), 'one longer than maxLength')),
          },
        ]
      : []),
    {
      weight: 2,
      arbitrary: constants([
        labelled('', 'empty'),
        labelled('   \t\n', 'white space only'),
        labelled('\u0001\u001f\u007f\u0085', 'control characters'),
        labelled('\u202e\u200f\ufeff\u2028', 'bidi and invisible characters'),
        labelled('\ud835\udd43\ud835\udd60 \ud83c\udf99\ufe0f e\u0301', 'astral and combining characters'),
        labelled("' or 1=1 --", 'SQL text'),
        labelled('../../../etc/passwd', 'path traversal'),
        labelled('__proto__', '__proto__'),
        labelled('%s%n%x ${7*7} {{7*7}}', 'format strings'),
        labelled('<script>alert(1)</script>', 'markup'),
      ]),
    },
    {
      weight: 2,
      arbitrary: fc.string({ unit: 'binary', maxLength: 40 }).map((s) => labelled(s, 'random text')),
    },
  );
}

/** Numbers out of range or of the wrong kind, as JSON values (RawJson for what JSON.stringify cannot write). */
export const badJsonNumber: fc.Arbitrary<Labelled<unknown>> = constants<unknown>([
  labelled(2 ** 31, '2^31'),
  labelled(2 ** 31 - 1, '2^31-1'),
  labelled(2 ** 32, '2^32'),
  labelled(2 ** 53, '2^53'),
  labelled(new RawJson('9007199254740993'), '2^53+1'),
  labelled(-1, '-1'),
  labelled(0, '0'),
  labelled(1.5, '1.5'),
  labelled(1e308, '1e308'),
  labelled(-1e308, '-1e308'),
  labelled(5e-324, '5e-324'),
  labelled(new RawJson('1e999'), 'overflowing literal 1e999'),
  labelled(new RawJson(`1${'0'.repeat(400)}`), '400-digit number'),
  labelled(new RawJson('-0'), '-0'),
  labelled('NaN', "'NaN' as string"),
  labelled('0x10', "'0x10' as string"),
  labelled('1e3', "'1e3' as string"),
  labelled('16', "'16' as string"),
  labelled('Infinity', "'Infinity' as string"),
]);

/** Text written where a URL holds an integer (path ids, page numbers). */
export const badUrlInteger: fc.Arbitrary<Labelled<string>> = constants([
  labelled('0x10', "'0x10'"),
  labelled('1e3', "'1e3'"),
  labelled('-1', '-1'),
  labelled('0', '0'),
  labelled('2147483647', '2^31-1'),
  labelled('2147483648', '2^31'),
  labelled('4294967296', '2^32'),
  labelled('9007199254740992', '2^53'),
  labelled('9007199254740993', '2^53+1'),
  labelled('99999999999999999999999', '23 digits'),
  labelled('1e308', '1e308'),
  labelled('NaN', 'NaN'),
  labelled('Infinity', 'Infinity'),
  labelled('1.5', '1.5'),
  labelled('1.0', "'1.0'"),
  labelled('01', "'01'"),
  labelled(' 1', "' 1'"),
  labelled('+1', "'+1'"),
  labelled('0b11', "'0b11'"),
  labelled('0o17', "'0o17'"),
  labelled('\uff11\uff16', 'full-width digits'),
  labelled('', 'empty'),
  labelled('1\u0000', 'NUL'),
  labelled('1\ud800', 'lone surrogate'),
]);

/** Text where a URL or body holds a UUID. */
export const badUuid: fc.Arbitrary<Labelled<string>> = constants([
  labelled('not-a-uuid', 'not a UUID'),
  labelled('0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f', 'UUID one digit short'),
  labelled('0f1e2d3c4b5a49788695a4b3c2d1e0f9', 'UUID without hyphens'),
  labelled('{0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9}', 'UUID in braces'),
  labelled('0F1E2D3C-4B5A-4978-8695-A4B3C2D1E0F9', 'upper-case UUID'),
  labelled('00000000-0000-0000-0000-000000000000', 'nil UUID'),
  labelled('ffffffff-ffff-ffff-ffff-ffffffffffff', 'max UUID'),
  labelled('0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0fg', 'UUID with a non-hex digit'),
  labelled('0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9\u0000', 'UUID with NUL'),
]);

/** Values of every JSON type, to put where another type belongs. */
export function wrongType(base: unknown): fc.Arbitrary<Labelled<unknown>> {
  return constants<unknown>([
    labelled(null, 'null'),
    labelled(true, 'boolean'),
    labelled(0, 'number 0'),
    labelled(-1, 'number -1'),
    labelled('fuzz', 'string'),
    labelled([], 'empty array'),
    labelled({}, 'empty object'),
    labelled([base], 'value in an array'),
    labelled({ value: base }, 'value in an object'),
  ]).filter((candidate) => jsonKind(candidate.value) !== jsonKind(base));
}

/** The JSON type of a value: null, array, object, string, number or boolean. */
export function jsonKind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** Structures that are large or deep rather than wrong: nesting, long arrays, many keys, prototype keys. */
export const bigJson: fc.Arbitrary<Labelled<unknown>> = fc.oneof(
  fc
    .constantFrom(...DEEP_LEVELS)
    .map((levels) => labelled(deepArray(levels), `arrays nested ${levels} deep`)),
  fc
    .constantFrom(10_000, 100_000)
    .map((levels) => labelled(deepObject(levels), `objects nested ${levels} deep`)),
  fc.constant(labelled(new RawJson(`[${'0,'.repeat(200_000)}0]`), 'array of 200,001 numbers')),
  fc.constant(
    labelled(
      new RawJson(`{${Array.from({ length: 20_000 }, (_, i) => `"k${i}":${i}`).join(',')}}`),
      'object with 20,000 keys',
    ),
  ),
  fc.constant(labelled(new RawJson('{"__proto__":{"polluted":true}}'), '__proto__ key')),
  fc.constant(
    labelled(new RawJson('{"constructor":{"prototype":{"polluted":true}}}'), 'constructor.prototype key'),
  ),
);

/** Writes a JSON value that may hold RawJson fragments. */
export function jsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value))
    return `[${value.map((item) => (item === undefined ? 'null' : jsonText(item))).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined);
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${jsonText(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const LONE_SURROGATE = /([\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff])/;

/** Percent-encodes text for a URL as UTF-8; a lone surrogate becomes its three (invalid) UTF-8-style bytes. */
export function percentEncode(text: string): string {
  if (text.isWellFormed()) return encodeURIComponent(text);
  return text
    .split(LONE_SURROGATE)
    .map((part) => {
      if (!LONE_SURROGATE.test(part)) return encodeURIComponent(part);
      const unit = part.charCodeAt(0);
      return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    })
    .join('');
}

/** What a server decodes from percentEncode's text: null where the bytes are not UTF-8 (a lone surrogate). */
export function decodedOrNull(text: string): string | null {
  return text.isWellFormed() ? text : null;
}
