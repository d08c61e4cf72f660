// GEDCOM 5.5.1 export and import: structure of the file, a lossless round trip, and tolerance of files from other tools.
import { describe, expect, it } from 'vitest';
import { familyFixture } from './family-fixture.ts';
import { parseFamilyData } from './family-schema.ts';
import { toGedcom } from './gedcom-export.ts';
import { fromGedcom, slugify } from './gedcom-import.ts';
import { generateLineage } from './lineage-generator.ts';

const data = parseFamilyData(familyFixture());
const date = new Date(Date.UTC(2025, 0, 31));
const gedcom = toGedcom(data, { date });
const lines = gedcom.trimEnd().split('\n');

describe('toGedcom', () => {
  it('writes a 5.5.1 lineage-linked header and a trailer', () => {
    expect(lines.slice(0, 9)).toEqual([
      '0 HEAD',
      '1 SOUR LOPIT_PLATFORM',
      '2 NAME Lopit community platform',
      '1 DATE 31 JAN 2025',
      '1 SUBM @U1@',
      '1 GEDC',
      '2 VERS 5.5.1',
      '2 FORM LINEAGE-LINKED',
      '1 CHAR UTF-8',
    ]);
    expect(lines.at(-1)).toBe('0 TRLR');
  });

  it('writes one INDI per person and one FAM per marriage', () => {
    expect(lines.filter((line) => / INDI$/.test(line))).toHaveLength(Object.keys(data.persons).length);
    expect(lines.filter((line) => / FAM$/.test(line))).toHaveLength(data.marriages.length);
  });

  it('links both ways: HUSB/WIFE/CHIL in FAM, FAMS/FAMC in INDI', () => {
    const record = (header: string) => {
      const start = lines.indexOf(header);
      const end = lines.findIndex((line, index) => index > start && line.startsWith('0 '));
      return lines.slice(start, end);
    };
    const father = record(
      lines.find((line) => line.endsWith(' INDI') && record(line).includes('1 NAME Father')) ?? '',
    );
    expect(father).toEqual(
      expect.arrayContaining(['1 SEX M', '1 FAMC @F1@', '1 FAMS @F2@', '1 FAMS @F3@', '1 _ROYAL Y']),
    );
    expect(record('0 @F2@ FAM')).toEqual([
      '0 @F2@ FAM',
      '1 HUSB @I3@',
      '1 WIFE @I5@',
      '1 CHIL @I7@',
      '1 CHIL @I8@',
      '1 REFN m2',
      '2 TYPE lopit-marriage-id',
    ]);
    const grandpa = record('0 @I1@ INDI');
    expect(grandpa).toEqual(expect.arrayContaining(['1 BIRT', '2 DATE 1900', '1 _ROOT Y']));
  });

  it('escapes @ and keeps values on one line', () => {
    const tricky = parseFamilyData({
      ...data,
      persons: { ...data.persons, me: { ...data.persons.me, name: 'A @ B\nC' } },
    });
    expect(toGedcom(tricky, { date })).toContain('1 NAME A @@ B C\n');
  });
});

describe('fromGedcom', () => {
  it('round-trips persons, marriages and children exactly', () => {
    expect(fromGedcom(gedcom)).toEqual(data);
  });

  it('round-trips a 2,000-person lineage', () => {
    const big = generateLineage({ targetPersons: 2000, seed: 3 });
    const back = fromGedcom(toGedcom(big, { date }));
    expect(Object.keys(back.persons)).toHaveLength(Object.keys(big.persons).length);
    expect(back).toEqual(big);
  });

  it('reads a file from another tool: slugs from names, sex from roles, years from dates, reverse links', () => {
    const imported = fromGedcom(
      [
        '0 HEAD',
        '1 GEDC',
        '2 VERS 5.5.1',
        '2 FORM LINEAGE-LINKED',
        '1 CHAR UTF-8',
        '0 @S1@ SOUR',
        '1 TITL Parish register',
        '0 @I1@ INDI',
        '1 NAME Jöhn /Smith/',
        '1 SEX M',
        '1 BIRT',
        '2 DATE ABT 1901',
        '1 SOUR @S1@',
        '1 FAMS @F1@',
        '0 @I2@ INDI',
        '1 NAME Mary /Jones/',
        '1 FAMS @F1@',
        '0 @I3@ INDI',
        '1 NAME Kid /Smith/',
        '1 SEX U',
        '1 FAMC @F1@',
        '0 @I4@ INDI',
        '1 NAME Kid /Smith/',
        '1 SEX F',
        '0 @F1@ FAM',
        '1 HUSB @I1@',
        '1 CHIL @I4@',
        '0 TRLR',
        '',
      ].join('\r\n'),
      { defaultSource: 'GEDCOM import: test.ged' },
    );
    expect(Object.keys(imported.persons)).toEqual(['john-smith', 'mary-jones', 'kid-smith', 'kid-smith-2']);
    expect(imported.persons['john-smith']).toMatchObject({
      name: 'Jöhn Smith',
      birthYear: 1901,
      sources: ['Parish register'],
      sample: false,
    });
    expect(imported.persons['mary-jones']).toMatchObject({
      gender: 'female',
      sources: ['GEDCOM import: test.ged'],
    });
    expect(imported.persons['kid-smith']?.gender).toBe('unknown');
    expect(imported.marriages).toEqual([
      {
        id: 'marriage-1',
        husbandId: 'john-smith',
        wifeId: 'mary-jones',
        childIds: ['kid-smith-2', 'kid-smith'],
      },
    ]);
    expect(imported.rootPersonId).toBe('john-smith');
  });

  it('gives a family without a wife a placeholder wife', () => {
    const imported = fromGedcom(
      ['0 HEAD', '0 @I1@ INDI', '1 NAME Solo', '1 SEX M', '0 @F1@ FAM', '1 HUSB @I1@', '0 TRLR', ''].join(
        '\n',
      ),
    );
    expect(imported.marriages[0]?.wifeId).toBe('unknown-wife-of-solo');
    expect(imported.persons['unknown-wife-of-solo']?.gender).toBe('female');
  });

  it('rejects text that is not GEDCOM', () => {
    expect(() => fromGedcom('hello world')).toThrow();
  });
});

describe('slugify', () => {
  it('makes lower-case ASCII slugs', () => {
    expect(slugify('Sample King 2 (Elder)')).toBe('sample-king-2-elder');
    expect(slugify('  ')).toBe('person');
  });
});
