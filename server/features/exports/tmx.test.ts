import { describe, expect, it } from 'vitest';
import { tmxDate, tmxDocument, xmlEscape } from './tmx.ts';

describe('tmx', () => {
  it('escapes markup and drops characters XML cannot hold', () => {
    expect(xmlEscape(`<a href="x">'b' & c</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&apos;b&apos; &amp; c&lt;/a&gt;',
    );
    expect(xmlEscape('zor\u0000bel\u0007 \uD800kwin\tŋa\n')).toBe('zorbel kwin\tŋa\n');
    expect(xmlEscape('😀')).toBe('😀');
    expect(xmlEscape('two\r\nlines')).toBe('two&#13;\nlines');
  });

  it('writes a TMX 1.4 document with the header attributes the standard requires', () => {
    const document = tmxDocument(
      [{ id: 7, category: 'greetings', english: 'Hello & welcome', lopit: 'zorbel <kwin>' }],
      new Date('2026-03-02T10:20:30.456Z'),
      '0.1.0',
    );
    expect(tmxDate(new Date('2026-03-02T10:20:30.456Z'))).toBe('20260302T102030Z');
    expect(document).toContain('<tmx version="1.4">');
    for (const attribute of [
      'creationtool=',
      'creationtoolversion="0.1.0"',
      'segtype="sentence"',
      'o-tmf=',
      'adminlang="en"',
      'srclang="en"',
      'datatype="plaintext"',
      'creationdate="20260302T102030Z"',
    ])
      expect(document).toContain(attribute);
    expect(document).toContain(
      '<tu tuid="7">\n      <prop type="x-category">greetings</prop>\n      <tuv xml:lang="en"><seg>Hello &amp; welcome</seg></tuv>\n      <tuv xml:lang="lpx"><seg>zorbel &lt;kwin&gt;</seg></tuv>\n    </tu>',
    );
    expect(document.trimEnd().endsWith('</body>\n</tmx>')).toBe(true);
  });
});
