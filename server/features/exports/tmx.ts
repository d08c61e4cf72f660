// TMX 1.4 (translation memory exchange) of English-Lopit pairs, for CAT tools and MT toolkits.

export interface TmxUnit {
  id: number;
  category: string;
  english: string;
  lopit: string;
}

// Characters XML 1.0 does not allow at all (C0 controls but tab, LF, CR; U+FFFE/U+FFFF; lone surrogates).
const NOT_XML =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Text escaped for XML content and attribute values; characters XML cannot hold are dropped. A carriage return
 * is written as a character reference: XML parsers turn a literal CR (and CRLF) into LF.
 */
export function xmlEscape(text: string): string {
  return text
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/\r/g, '&#13;');
}

/** 20260501T120000Z, the date format of TMX. */
export function tmxDate(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

export function tmxHeader(createdAt: Date, toolVersion: string): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE tmx SYSTEM "tmx14.dtd">',
    '<tmx version="1.4">',
    `  <header creationtool="Lopit Community Platform" creationtoolversion="${xmlEscape(toolVersion)}" segtype="sentence" o-tmf="lopit-platform" adminlang="en" srclang="en" datatype="plaintext" creationdate="${tmxDate(createdAt)}">`,
    '    <prop type="x-licence">CC-BY-NC-4.0</prop>',
    '  </header>',
    '  <body>',
    '',
  ].join('\n');
}

export function tmxUnit(unit: TmxUnit): string {
  return [
    `    <tu tuid="${unit.id}">`,
    `      <prop type="x-category">${xmlEscape(unit.category)}</prop>`,
    `      <tuv xml:lang="en"><seg>${xmlEscape(unit.english)}</seg></tuv>`,
    `      <tuv xml:lang="lpx"><seg>${xmlEscape(unit.lopit)}</seg></tuv>`,
    '    </tu>',
    '',
  ].join('\n');
}

export const TMX_FOOTER = '  </body>\n</tmx>\n';

export function tmxDocument(units: readonly TmxUnit[], createdAt: Date, toolVersion: string): string {
  return `${tmxHeader(createdAt, toolVersion)}${units.map(tmxUnit).join('')}${TMX_FOOTER}`;
}
