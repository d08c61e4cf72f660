import { describe, expect, it } from 'vitest';
import { csvCell, csvRow, guardFormula, oneLine, rawTsvRow, toCsv, tsvRow, unguardFormula } from './csv.ts';

describe('csv', () => {
  it('quotes cells with commas, quotes and line breaks (RFC 4180), keeping the text as written', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvCell('plain')).toBe('plain');
    // A dataset keeps formula-like text as written.
    expect(csvRow(['=1+2', '-vorp', null, 3])).toBe('=1+2,-vorp,,3\r\n');
  });

  it('guards spreadsheet formulas only when asked', () => {
    expect(csvCell('=HYPERLINK("x")', { formulaGuard: true })).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+1', { formulaGuard: true })).toBe("'+1");
    expect(csvCell('-2', { formulaGuard: true })).toBe("'-2");
    expect(csvCell('@SUM(A1)', { formulaGuard: true })).toBe("'@SUM(A1)");
    expect(csvCell('plain', { formulaGuard: true })).toBe('plain');
  });

  it('undoes its own guard exactly, also for text that already began with an apostrophe', () => {
    for (const text of ['=SUM(1,2)', "'=x", "''+y", '-', '@', "'plain", 'plain', '', "'", '\tx']) {
      expect(unguardFormula(guardFormula(text)), text).toBe(text);
    }
    expect(guardFormula("'=x")).toBe("''=x");
    expect(unguardFormula("'plain")).toBe("'plain");
  });

  it('writes a spreadsheet document: BOM, header, CRLF rows, formulas guarded', () => {
    expect(toCsv(['english', 'lopit'], [['Hello', 'ŋa']])).toBe('\uFEFFenglish,lopit\r\nHello,ŋa\r\n');
    expect(toCsv(['english'], [['=1']])).toBe("\uFEFFenglish\r\n'=1\r\n");
  });

  it('writes TSV lines on one line, quoting only a cell that begins with a quote', () => {
    expect(tsvRow(['a\tb', 'two\nlines', '=1+2', null, 3])).toBe('a b\ttwo lines\t=1+2\t\t3\n');
    expect(tsvRow(['say "hi"', '"hi" she said', '"'])).toBe('say "hi"\t"""hi"" she said"\t""""\n');
    expect(tsvRow(['=1+2'], { formulaGuard: true })).toBe("'=1+2\n");
  });

  it('puts text on one line: each run of breaks and separators with its spaces becomes one space', () => {
    expect(oneLine('mebbo | tash\r\n vorn', '|')).toBe('mebbo tash vorn');
    expect(oneLine('a  b\t\tc')).toBe('a  b c');
    expect(oneLine('x|y')).toBe('x|y');
    // Breaks that Python's str.splitlines and Unicode also take as the end of a line.
    expect(oneLine('a\u2028b\u2029c\x85d\ve\ff\x1cg')).toBe('a b c d e f g');
  });

  it('writes dataset TSV lines raw, as Common Voice does: on one line, never quoted', () => {
    expect(rawTsvRow(['"hi" she said', 'say "hi"', '"', 'a\tb', 'two\r\nlines', '=1+2', null, 3])).toBe(
      '"hi" she said\tsay "hi"\t"\ta b\ttwo lines\t=1+2\t\t3\n',
    );
  });
});
