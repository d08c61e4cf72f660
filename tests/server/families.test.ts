import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sample from '../../content/families/sample-lineage.json' with { type: 'json' };
import { fromGedcom } from '../../core/families/gedcom-import.ts';
import { createTestApp, type TestApp } from './test-app.ts';

describe('GET /api/families.ged', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  it('exports the family data as a GEDCOM file that imports back with the same people and marriages', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/families.ged' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('families.ged');
    expect(response.body).toMatch(/^0 HEAD/);
    const imported = fromGedcom(response.body);
    expect(Object.keys(imported.persons)).toHaveLength(Object.keys(sample.persons).length);
    expect(imported.marriages).toHaveLength(sample.marriages.length);
  });
});
