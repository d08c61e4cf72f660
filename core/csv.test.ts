import { describe, expect, it } from 'vitest';
import { csvCell, toCsv, tsvRow } from './csv.ts';

describe('csv', () => {
  it('quotes cells with commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('plain')).toBe('plain');
  });

  it('neutralises spreadsheet formulas', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
  });

  it('writes a BOM, a header and CRLF rows', () => {
    expect(toCsv(['english', 'lopit'], [['Hello', 'ŋa']])).toBe('\uFEFFenglish,lopit\r\nHello,ŋa\r\n');
  });

  it('writes TSV lines without quoting: tabs and line breaks become spaces, formulas are neutralised', () => {
    expect(tsvRow(['a\tb', 'two\nlines', '=1+2', null, 3])).toBe("a b\ttwo lines\t'=1+2\t\t3\n");
  });
});
