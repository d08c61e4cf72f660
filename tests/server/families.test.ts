// The family data API: GET /api/families (JSON with an ETag) and /api/families.ged serve the current data, and an
// import by `npm run families -- import` (written to DATA_DIR) is served at the next request, without a restart.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sample from '../../content/families/sample-lineage.json' with { type: 'json' };
import { parseFamilyData } from '../../core/families/family-schema.ts';
import { fromGedcom } from '../../core/families/gedcom-import.ts';
import { createTestApp, type TestApp } from './test-app.ts';

const run = promisify(execFile);

describe('family data API', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'lopit-families-'));
    t = await createTestApp('pglite', { DATA_DIR: path.join(dir, 'data') });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('exports the family data as a GEDCOM file that imports back with the same people and marriages', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/families.ged' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('families.ged');
    expect(response.body).toMatch(/^0 HEAD/);
    const imported = fromGedcom(response.body);
    expect(Object.keys(imported.persons)).toHaveLength(Object.keys(sample.persons).length);
    expect(imported.marriages).toHaveLength(sample.marriages.length);
  });

  it('serves the shipped sample as JSON with an ETag, and 304 when unchanged', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/families' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.headers['x-family-data-source']).toBe('shipped');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(parseFamilyData(response.json())).toEqual(parseFamilyData(sample));
    const etag = String(response.headers.etag);
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/families',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('serves an import by `npm run families -- import` at the next request, and prints its report', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/families' });
    const file = path.join(dir, 'family.ged');
    writeFileSync(
      file,
      [
        '0 HEAD',
        '1 CHAR UTF-8',
        '0 @I1@ INDI',
        '1 NAME Lado /Ikuma/',
        '1 SEX M',
        '1 BIRT',
        '2 DATE ABT 1890',
        '2 PLAC Lohutok',
        '1 FAMS @F1@',
        '0 @I2@ INDI',
        '1 NAME Ana 🙂',
        '1 FAMC @F1@',
        '0 @I3@ INDI',
        '1 NAME Someone Else',
        '0 @F1@ FAM',
        '1 HUSB @I1@',
        '1 CHIL @I2@',
        '1 CHIL @I9@',
        '0 TRLR',
        '',
      ].join('\n'),
    );
    const { stdout } = await run(
      'node',
      ['node_modules/tsx/dist/cli.mjs', 'scripts/families.ts', 'import', file],
      {
        env: { ...process.env, DATA_DIR: t.config.DATA_DIR },
      },
    );
    expect(stdout).toContain('3 persons, 1 families (1 with one parent), 1 dates kept with their qualifiers');
    expect(stdout).toMatch(/1 {2}places \(PLAC\) of events.*Lado Ikuma: BIRT Lohutok/);
    expect(stdout).toMatch(/1 {2}links to records the file does not contain.*CHIL @I9@/);
    expect(stdout).toContain(path.join(t.config.DATA_DIR, 'families', 'family-data.json'));

    const after = await t.app.inject({
      method: 'GET',
      url: '/api/families',
      headers: { 'if-none-match': String(before.headers.etag) },
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers['x-family-data-source']).toBe('imported');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const data = parseFamilyData(after.json());
    expect(Object.values(data.persons).map((person) => person.name)).toEqual([
      'Lado Ikuma',
      'Ana 🙂',
      'Someone Else',
    ]);
    expect(data.persons['lado-ikuma']).toMatchObject({
      birthYear: 1890,
      birthDate: 'ABT 1890',
      surname: 'Ikuma',
    });
    expect(data.marriages).toEqual([{ id: 'marriage-1', husbandId: 'lado-ikuma', childIds: ['ana'] }]);
    expect(data.layout?.generations['lado-ikuma']).toBeDefined();
    const gedcom = await t.app.inject({ method: 'GET', url: '/api/families.ged' });
    expect(gedcom.body).toContain('1 NAME Lado /Ikuma/');
  });
});
