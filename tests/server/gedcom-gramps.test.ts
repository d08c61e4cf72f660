// The GEDCOM export through the real Gramps (its command line, Debian's `gramps`): Gramps imports the file the
// API serves and exports it again, and our importer reads that back with every person, family, flag, date and
// the root unchanged. Gramps must also see marriages (relationship "Married") and no custom events.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parentsOf, parseFamilyData } from '../../core/families/family-schema.ts';
import type { FamilyData } from '../../core/families/family-schema.ts';
import { importGedcom } from '../../core/families/gedcom-import.ts';
import { writeFamilyData } from '../../scripts/families.ts';
import {
  SHIPPED_FAMILY_DATA_FILE,
  importedFamilyDataFile,
} from '../../server/features/families/family-store.ts';
import { createTestApp, type TestApp } from './test-app.ts';

const hasGramps = spawnSync('gramps', ['--version'], { stdio: 'ignore' }).status === 0;
if (!hasGramps)
  console.warn(
    'SKIPPED: the Gramps round trip needs Gramps (Debian: apt-get install gramps; .ci/run installs it).',
  );

/** The shipped sample, enriched with what a real genealogy has: qualified dates, a surname, a one-parent family. */
function familyData(): FamilyData {
  const { layout: _layout, ...sample } = parseFamilyData(
    JSON.parse(readFileSync(SHIPPED_FAMILY_DATA_FILE, 'utf8')) as unknown,
  );
  const persons = structuredClone(sample.persons);
  const edit = (id: string, changes: Partial<FamilyData['persons'][string]>) => {
    persons[id] = { ...(persons[id] as FamilyData['persons'][string]), ...changes };
  };
  edit('sample-person-2', { birthYear: 1850, birthDate: 'ABT 1850', deathDate: 'BET 1900 AND 1910' });
  edit('sample-king-2', { birthYear: 850, birthDate: '@#DJULIAN@ 850', deathDate: 'BEF 900' });
  edit('ikuma', {
    name: 'Sample Queen Ikuma 🙂',
    surname: 'Ikuma',
    sources: [`${'Told by the elders of Lohutok, recorded for the sample. '.repeat(10)}🙂\nSecond line.`],
  });
  persons['sample-lone-child'] = {
    id: 'sample-lone-child',
    name: 'Sample Lone Child',
    gender: 'unknown',
    royalLineage: false,
    sample: true,
    status: 'draft',
    sources: ['Illustrative sample data'],
  };
  const marriages = [
    ...sample.marriages,
    { id: 'one-parent', wifeId: 'sample-person-2', childIds: ['sample-lone-child'] },
  ];
  return parseFamilyData({ ...sample, persons, marriages });
}

const figures = (data: FamilyData) => ({
  persons: Object.keys(data.persons).length,
  families: data.marriages.length,
  onePersonFamilies: data.marriages.filter((marriage) => parentsOf(marriage).length === 1).length,
  royal: Object.values(data.persons).filter((person) => person.royalLineage).length,
  sample: Object.values(data.persons).filter((person) => person.sample).length,
  root: data.rootPersonId,
});

describe.skipIf(!hasGramps)('GEDCOM round trip through Gramps', () => {
  let t: TestApp;
  let dir: string;
  const original = familyData();
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'lopit-gramps-'));
    await writeFamilyData(original, importedFamilyDataFile(path.join(dir, 'data')));
    t = await createTestApp('pglite', { DATA_DIR: path.join(dir, 'data') });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it(
    'keeps persons, families, sample and royal flags, dates, ids and the root',
    { timeout: 180_000 },
    async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/families.ged' });
      expect(response.statusCode).toBe(200);
      const exported = path.join(dir, 'lopit.ged');
      writeFileSync(exported, response.body);
      // A private Gramps home: the test never touches the user's family trees.
      const env = { ...process.env, GRAMPSHOME: path.join(dir, 'gramps-home'), LANG: 'C.UTF-8' };
      const gramps = (...args: string[]) => execFileSync('gramps', args, { env, stdio: 'pipe' });
      gramps('-C', 'round-trip', '-i', exported);
      const reexported = path.join(dir, 'from-gramps.ged');
      gramps('-O', 'round-trip', '-e', reexported);
      gramps('-O', 'round-trip', '-e', path.join(dir, 'from-gramps.gramps'));

      const back = importGedcom(readFileSync(reexported));
      const before = figures(original);
      const after = figures(back.data);
      // The closing note of issue 17 quotes these.
      console.log(`Gramps round trip: before ${JSON.stringify(before)}, after ${JSON.stringify(after)}`);
      expect(readFileSync(reexported, 'utf8')).toMatch(/^1 SOUR Gramps$/m);
      expect(after).toEqual(before);
      expect(back.data).toEqual(original);
      expect(back.report.dropped).toEqual([]);

      // What Gramps itself holds: every couple a marriage, and no custom events made of our fields.
      const xml = gunzipSync(readFileSync(path.join(dir, 'from-gramps.gramps'))).toString('utf8');
      const couples = original.marriages.length - before.onePersonFamilies;
      expect(xml.match(/<rel type="Married"\/>/g)).toHaveLength(couples);
      const events = [...xml.matchAll(/<event handle=[^>]*>\s*<type>([^<]*)<\/type>/g)].map(
        (match) => match[1],
      );
      expect(new Set(events)).toEqual(new Set(['Birth', 'Death', 'Marriage']));
      expect(xml.match(/<attribute type="Lopit royal lineage" value="Y"\/>/g)).toHaveLength(before.royal);
    },
  );
});
