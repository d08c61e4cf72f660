// GEDCOM 5.5.1 export and import: structure of the file, a lossless round trip, and tolerance of files from other tools.
import { describe, expect, it } from 'vitest';
import { familyFixture } from './family-fixture.ts';
import { parseFamilyData } from './family-schema.ts';
import type { FamilyData } from './family-schema.ts';
import { describeDate, yearOf } from './dates.ts';
import { gedcomText, namePieces, toGedcom } from './gedcom-export.ts';
import { fromGedcom, importGedcom, slugify } from './gedcom-import.ts';
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
      expect.arrayContaining(['1 SEX M', '1 REFN father', '1 FAMC @F1@', '1 FAMS @F2@', '1 FAMS @F3@']),
    );
    // The flags as standard FACT attributes with a TYPE (Gramps keeps these; it turned _ROYAL into events).
    expect(father.join('\n')).toContain('1 FACT Y\n2 TYPE Lopit royal lineage');
    expect(father.join('\n')).toContain('1 FACT draft\n2 TYPE Lopit record status');
    expect(father.some((line) => line.startsWith('1 _'))).toBe(false);
    expect(record('0 @F2@ FAM')).toEqual([
      '0 @F2@ FAM',
      '1 HUSB @I3@',
      '1 WIFE @I5@',
      '1 CHIL @I7@',
      '1 CHIL @I8@',
      '1 MARR Y',
      '1 REFN m2',
    ]);
    const grandpa = record('0 @I1@ INDI');
    expect(grandpa).toEqual(expect.arrayContaining(['1 BIRT', '2 DATE 1900']));
    expect(grandpa.join('\n')).toContain('1 FACT Y\n2 TYPE Lopit root person');
  });

  it('writes the surname between slashes where one is known, and no MARR for a one-parent family', () => {
    const withSurname = parseFamilyData({
      ...data,
      persons: {
        ...data.persons,
        me: { ...data.persons.me, name: 'Lado Ikuma Jr', surname: 'Ikuma', nameSuffix: 'Jr' },
      },
      marriages: [...data.marriages, { id: 'm10', wifeId: 'aunt', childIds: ['other-child'] }],
    });
    const text = toGedcom(withSurname, { date });
    expect(text).toContain('1 NAME Lado /Ikuma/ Jr\n2 GIVN Lado\n2 SURN Ikuma\n2 NSFX Jr\n1 SEX');
    expect(text).toContain('1 NAME Father\n');
    expect(text).toMatch(/0 @F10@ FAM\n1 WIFE @I4@\n1 CHIL @I17@\n1 REFN m10\n/);
    expect(fromGedcom(text)).toEqual(withSurname);
  });

  it('writes name pieces, and a name in another order canonically with the order as written in a FACT', () => {
    const person = data.persons.me as FamilyData['persons'][string];
    const named = parseFamilyData({
      ...data,
      persons: {
        ...data.persons,
        me: {
          ...person,
          name: 'Dr. Ludwig van Beethoven Jr',
          namePrefix: 'Dr.',
          surname: 'van Beethoven',
          surnamePrefix: 'van',
          nameSuffix: 'Jr',
        },
        // Surname first, as written (Gramps would turn "/Ikuma/ Lokure" into "Lokure /Ikuma/").
        father: { ...(data.persons.father as typeof person), name: 'Ikuma Lokure', surname: 'Ikuma' },
        // A suffix and no given name: GIVN is written empty, or Gramps takes the suffix for a given name.
        mother: { ...(data.persons.mother as typeof person), name: '尤 氏', surname: '尤', nameSuffix: '氏' },
      },
    });
    const text = toGedcom(named, { date });
    expect(text).toContain(
      '1 NAME Dr. Ludwig /van Beethoven/ Jr\n2 NPFX Dr.\n2 GIVN Ludwig\n2 SPFX van\n2 SURN Beethoven\n2 NSFX Jr\n1 SEX',
    );
    expect(text).toContain(
      '1 NAME Lokure /Ikuma/\n2 GIVN Lokure\n2 SURN Ikuma\n1 FACT Ikuma Lokure\n2 TYPE Lopit name as written\n',
    );
    expect(text).toContain('1 NAME /尤/ 氏\n2 GIVN\n2 SURN 尤\n2 NSFX 氏\n1 SEX');
    expect(namePieces(named.persons.father as typeof person)).toEqual({ given: 'Lokure', canonical: false });
    const { data: back, report } = importGedcom(text);
    expect(back).toEqual(named);
    expect(report).toMatchObject({ namePrefixes: 1, nameSuffixes: 2, surnamePrefixes: 1, namesAsWritten: 1 });
    expect(report.dropped).toEqual([]);
  });

  it('writes a death without a date as DEAT Y, and family events with their dates', () => {
    const person = data.persons.aunt as FamilyData['persons'][string];
    const [first, ...rest] = data.marriages;
    const eventful = parseFamilyData({
      ...data,
      persons: { ...data.persons, aunt: { ...person, deceased: true } },
      marriages: [
        {
          ...first,
          events: [
            { type: 'ENGA', date: 'BET 1840 AND 1845' },
            { type: 'MARR', date: 'ABT 1850' },
            { type: 'DIV' },
          ],
        },
        ...rest,
      ],
    });
    const text = toGedcom(eventful, { date });
    expect(text).toContain('1 DEAT Y\n');
    expect(text).toMatch(/\n1 ENGA\n2 DATE BET 1840 AND 1845\n1 MARR\n2 DATE ABT 1850\n1 DIV Y\n1 REFN m1\n/);
    expect(text.match(/^1 MARR/gm)).toHaveLength(
      eventful.marriages.filter((m) => m.husbandId && m.wifeId).length,
    );
    const { data: back, report } = importGedcom(text);
    expect(back).toEqual(eventful);
    expect(report).toMatchObject({ deceasedWithoutDate: 1, familyEvents: 3, familyEventDates: 2 });
  });

  it('continues long texts with CONC and new lines with CONT, never past 255 characters a line', () => {
    const long = `${'Oral history told by the elders of Lohutok village. '.repeat(12)}End 🙂 @ here`;
    const source = `${long}\nSecond paragraph.`;
    const written = gedcomText(1, 'SOUR', source);
    expect(written.length).toBeGreaterThan(3);
    expect(written.every((line) => line.length <= 255)).toBe(true);
    expect(written.filter((line) => line.startsWith('2 CONT'))).toEqual(['2 CONT Second paragraph.']);
    const withSource = parseFamilyData({
      ...data,
      persons: { ...data.persons, me: { ...data.persons.me, sources: [source] } },
    });
    expect(fromGedcom(toGedcom(withSource, { date })).persons.me?.sources).toEqual([source]);
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

  it('keeps name prefixes and suffixes as Gramps writes them, and a death known without its date', () => {
    const { data: imported, report } = importGedcom(
      [
        '0 HEAD',
        '0 @I1@ INDI',
        '1 NAME Lewis Anderson /Garner von Zieliński/ Sr',
        '2 GIVN Lewis Anderson',
        '2 SURN Garner, Zieliński',
        '2 NSFX Sr',
        '2 NPFX Dr.',
        '1 DEAT',
        '2 PLAC Butte',
        '0 @I2@ INDI',
        '1 NAME Lokure /Ikuma/',
        '1 FACT Ikuma Lohide',
        '2 TYPE Lopit name as written',
        '1 DEAT',
        '2 DATE 1961',
        '0 TRLR',
      ].join('\n'),
    );
    const [lewis, lokure] = Object.values(imported.persons);
    expect(lewis).toMatchObject({
      name: 'Dr. Lewis Anderson Garner von Zieliński Sr',
      namePrefix: 'Dr.',
      surname: 'Garner von Zieliński',
      nameSuffix: 'Sr',
      deceased: true,
    });
    // The name changed in the genealogy tool since the order was written: the NAME wins, and the report says so.
    expect(lokure).toMatchObject({ name: 'Lokure Ikuma', deathDate: '1961' });
    expect(lokure?.deceased).toBeUndefined();
    expect(report).toMatchObject({ deceasedWithoutDate: 1, deathDates: 1, namesAsWritten: 0 });
    expect(report.dropped.map((entry) => [entry.kind, entry.count])).toEqual([
      ['places', 1],
      ['name-details', 1],
    ]);
  });

  it('keeps a one-parent family one-parent: nobody is invented', () => {
    const { data: imported, report } = importGedcom(
      [
        '0 HEAD',
        '0 @I1@ INDI',
        '1 NAME Solo',
        '1 SEX M',
        '0 @I2@ INDI',
        '1 NAME Child',
        '0 @F1@ FAM',
        '1 HUSB @I1@',
        '1 CHIL @I2@',
        '0 TRLR',
        '',
      ].join('\n'),
    );
    expect(Object.keys(imported.persons)).toEqual(['solo', 'child']);
    expect(imported.marriages).toEqual([{ id: 'marriage-1', husbandId: 'solo', childIds: ['child'] }]);
    expect(report).toMatchObject({ persons: 2, families: 1, onePersonFamilies: 1 });
  });

  it('keeps date qualifiers, calendars and years of any length', () => {
    const dates = [
      'ABT 1850',
      'BEF 900',
      'AFT 1901',
      'BET 1850 AND 1860',
      '@#DJULIAN@ 850',
      '3 MAR 12',
      '1921',
    ];
    const file = [
      '0 HEAD',
      '1 CHAR UTF-8',
      ...dates.flatMap((value, index) => [
        `0 @I${index + 1}@ INDI`,
        `1 NAME Person ${index + 1}`,
        '1 BIRT',
        `2 DATE ${value}`,
        '1 DEAT',
        `2 DATE ${value}`,
      ]),
      '0 TRLR',
    ].join('\n');
    const imported = fromGedcom(file);
    const persons = Object.values(imported.persons);
    expect(persons.map((person) => person.birthYear)).toEqual([1850, 900, 1901, 1850, 850, 12, 1921]);
    expect(persons.map((person) => person.birthDate)).toEqual([...dates.slice(0, 6), undefined]);
    expect(persons.map((person) => person.deathDate)).toEqual(dates);
    // And back out as written.
    const again = toGedcom(imported, { date });
    for (const value of dates) expect(again).toContain(`2 DATE ${value}\n`);
    expect(fromGedcom(again)).toEqual(imported);
  });

  it('decodes every Unicode character, outside the Basic Multilingual Plane too, in UTF-8 and UTF-16', () => {
    const name = 'Lòkòrò 🙂 𝔏opit Ŋ';
    const lines = ['0 HEAD', '1 CHAR UTF-8', '0 @I1@ INDI', `1 NAME ${name}`, '0 TRLR', ''].join('\r\n');
    expect(fromGedcom(lines).persons[slugify(name)]?.name).toBe(name);
    const utf16 = (littleEndian: boolean) => {
      const body = lines.replace('UTF-8', 'UNICODE');
      const bytes = new Uint8Array(2 + body.length * 2);
      const view = new DataView(bytes.buffer);
      view.setUint16(0, 0xfeff, littleEndian);
      for (let index = 0; index < body.length; index++)
        view.setUint16(2 + index * 2, body.charCodeAt(index), littleEndian);
      return bytes;
    };
    for (const littleEndian of [true, false]) {
      const { data: imported, report } = importGedcom(utf16(littleEndian));
      expect(Object.values(imported.persons)[0]?.name).toBe(name);
      expect(report.encoding).toBe(littleEndian ? 'UTF-16LE' : 'UTF-16BE');
    }
    // With a BOM and no CHAR line, and an ANSEL file (read-gedcom's decoder: Ł is 0xA1).
    const bom = new Uint8Array([
      0xef,
      0xbb,
      0xbf,
      ...new TextEncoder().encode(lines.replace('1 CHAR UTF-8\r\n', '')),
    ]);
    expect(Object.values(fromGedcom(bom).persons)[0]?.name).toBe(name);
    const ansel = new Uint8Array([
      ...new TextEncoder().encode('0 HEAD\n1 CHAR ANSEL\n0 @I1@ INDI\n1 NAME '),
      0xa1,
      ...new TextEncoder().encode('ado\n0 TRLR\n'),
    ]);
    expect(Object.values(fromGedcom(ansel).persons)[0]?.name).toBe('Łado');
  });

  it('reports what it dropped, by kind, with examples', () => {
    const { report } = importGedcom(
      [
        '0 HEAD',
        '0 @I1@ INDI',
        '1 NAME Ana /Lado/',
        '2 NICK Nana',
        '1 NAME Nana',
        '1 BIRT',
        '2 DATE 1901',
        '2 PLAC Lohutok',
        '1 DEAT Y',
        '1 BURI',
        '2 PLAC Imehejek',
        '1 OCCU Teacher',
        '1 NOTE Told by her son',
        '1 FAMS @F1@',
        '1 FAMC @F9@',
        '1 SOUR @S9@',
        '0 @F1@ FAM',
        '1 WIFE @I1@',
        '1 CHIL @I7@',
        '1 MARR',
        '2 TYPE Marriage of Ana',
        '2 DATE 1920',
        '2 AGE 19',
        '1 CENS',
        '2 DATE 1921',
        '0 @F2@ FAM',
        '1 HUSB @I8@',
        '0 @N1@ NOTE A loose note',
        '0 TRLR',
      ].join('\n'),
    );
    const count = (kind: string) => report.dropped.find((entry) => entry.kind === kind)?.count;
    expect(count('places')).toBe(2);
    expect(count('alternate-names')).toBe(1);
    expect(count('events')).toBe(1);
    expect(count('attributes')).toBe(1);
    expect(count('notes')).toBe(2);
    // Kept: the death without a date (deceased) and the marriage's date; counted: the census and the details.
    expect(report).toMatchObject({ deceasedWithoutDate: 1, familyEvents: 1, familyEventDates: 1 });
    expect(count('family-events')).toBe(1);
    expect(count('event-details')).toBe(2);
    expect(count('name-details')).toBe(1);
    expect(count('dangling-pointers')).toBe(4);
    expect(count('families-without-parents')).toBe(1);
    expect(report.dropped.find((entry) => entry.kind === 'alternate-names')?.examples).toEqual([
      'Ana Lado: Nana',
    ]);
    expect(report).toMatchObject({ persons: 1, families: 1, surnames: 1, onePersonFamilies: 1 });
    expect(report.dropped.every((entry) => entry.reason.length > 0)).toBe(true);
  });

  it('reads the custom tags and typed REFN of older exports', () => {
    const imported = fromGedcom(
      [
        '0 HEAD',
        '0 @I1@ INDI',
        '1 NAME Queen',
        '1 SEX F',
        '1 REFN ikuma',
        '2 TYPE lopit-person-id',
        '1 _ROYAL Y',
        '1 _SAMPLE Y',
        '1 _STATUS verified',
        '1 _ROOT Y',
        '0 TRLR',
      ].join('\n'),
    );
    expect(imported.persons.ikuma).toMatchObject({ royalLineage: true, sample: true, status: 'verified' });
    expect(imported.rootPersonId).toBe('ikuma');
  });

  it('rejects text that is not GEDCOM', () => {
    expect(() => fromGedcom('hello world')).toThrow();
  });
});

describe('dates', () => {
  it('reads the first year and a readable label', () => {
    expect(yearOf('BET 1850 AND 1860')).toBe(1850);
    expect(yearOf('12 MAR 850')).toBe(850);
    expect(yearOf('@#DJULIAN@ 1700/01')).toBe(1700);
    expect(yearOf('500 B.C.')).toBeUndefined();
    expect(yearOf('(in the great drought)')).toBeUndefined();
    expect(describeDate('ABT 1850')).toBe('about 1850');
    expect(describeDate('BET 1850 AND 1860')).toBe('between 1850 and 1860');
    expect(describeDate('@#DJULIAN@ 3 MAR 850')).toBe('3 Mar 850 (Julian calendar)');
    expect(describeDate('INT 1850 (the year of the locusts)')).toBe('1850 (the year of the locusts)');
  });
});

describe('slugify', () => {
  it('makes lower-case ASCII slugs', () => {
    expect(slugify('Sample King 2 (Elder)')).toBe('sample-king-2-elder');
    expect(slugify('  ')).toBe('person');
  });
});
