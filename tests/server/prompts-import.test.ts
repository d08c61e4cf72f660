// Admin import of prompt sentences (issue 16) on both databases: the report (added, already present, refused
// with row and reason), Common Voice's reading limits enforced by default and waived on request, CSV and JSON,
// and the new sentences reaching the prompt pack.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promptImportReportSchema } from '../../core/api/prompts.ts';
import { promptPackSchema } from '../../core/api/recordings.ts';
import { PROMPT_WITH_LOPIT } from '../../server/features/prompts/prompts-import.ts';
import { answer, createTestApp, DATABASE_KINDS, grantConsent, signUp, type TestApp } from './test-app.ts';

const URL = '/api/admin/prompts/import';

function upload(content: string, fileName = 'prompts.csv'): FormData {
  const form = new FormData();
  form.append('file', new Blob([content]), fileName);
  return form;
}

describe.each(DATABASE_KINDS)('admin import of prompts on %s', (kind) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUp>>;
  let contributor: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await signUp(t.app);
    contributor = await signUp(t.app);
    await grantConsent(t.app, contributor.auth, 'recording');
  });
  afterAll(() => t.close());

  const send = (payload: object | FormData, query = '', headers: Record<string, string> = admin.auth) =>
    t.app.inject({ method: 'POST', url: `${URL}${query}`, headers, payload: payload as never });
  const pack = async () =>
    answer(
      await t.app.inject({
        method: 'GET',
        url: '/api/audio/prompts?limit=500',
        headers: contributor.auth,
      }),
      promptPackSchema,
    ).prompts.map((prompt) => prompt.english);

  it('imports readable sentences and refuses, by row and reason, what breaks the reading limits', async () => {
    const long = 'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen';
    const response = await send({
      prompts: [
        { english: 'The goats came home before the rain.', category: 'family' },
        { english: 'We met 3 people at the well.', category: 'family' },
        { english: long, category: 'family' },
        { english: 'Ask the UNHCR office.', category: 'family' },
        { english: 'The goats came home before the rain.', category: 'family' },
        { english: 'A sentence with its translation.', category: 'family', lopit: 'Zorbu vanta kilo' },
        { english: 'No category here.' },
      ],
    });
    expect(response.statusCode).toBe(200);
    const report = answer(response, promptImportReportSchema);
    expect(report).toMatchObject({
      accepted: 1,
      duplicates: 1,
      approved: 0,
      proposed: 0,
      readLimits: 'enforce',
    });
    expect(report.refused.map((refusal) => refusal.row)).toEqual([2, 3, 4, 6, 7]);
    expect(report.refused[0]!.reason).toMatch(/Hard to read aloud: has digits/);
    expect(report.refused[1]!.reason).toMatch(/too long to read aloud/);
    expect(report.refused[2]!.reason).toMatch(/abbreviation/);
    expect(report.refused[3]!.reason).toBe(PROMPT_WITH_LOPIT);
    expect(report.refused[4]!.reason).toMatch(/Category is required/);
    expect(report.hardToRead).toEqual([
      { row: 2, english: 'We met 3 people at the well.', problems: ['digits'] },
      { row: 3, english: long, problems: ['too-long'] },
      { row: 4, english: 'Ask the UNHCR office.', problems: ['abbreviation'] },
    ]);
    const offered = await pack();
    expect(offered).toContain('The goats came home before the rain.');
    expect(offered).not.toContain('We met 3 people at the well.');
  });

  it('imports hard-to-read sentences anyway when asked, and still names their problems', async () => {
    const response = await send(
      [
        { english: 'Bring 2 cups of water.', category: 'food' },
        { english: 'Sweep the yard in the morning.', category: 'family' },
      ],
      '?readLimits=ignore',
    );
    const report = answer(response, promptImportReportSchema);
    expect(report).toMatchObject({ accepted: 2, refused: [], readLimits: 'ignore' });
    expect(report.hardToRead).toEqual([{ row: 1, english: 'Bring 2 cups of water.', problems: ['digits'] }]);
    expect(await pack()).toEqual(
      expect.arrayContaining(['Bring 2 cups of water.', 'Sweep the yard in the morning.']),
    );
  });

  it('reads a CSV file (a lopit column with no text is fine) and refuses bad options and callers', async () => {
    const csv = [
      'english,category,lopit',
      'The calf is asleep.,family,',
      '"Count to 10, slowly.",family,',
      '',
    ].join('\r\n');
    const report = answer(await send(upload(csv)), promptImportReportSchema);
    expect(report.accepted).toBe(1);
    expect(report.refused).toEqual([{ row: 2, reason: expect.stringMatching(/digits/) as string }]);

    expect((await send([], '?readLimits=maybe')).statusCode).toBe(400);
    expect((await send(upload('text\nhello\n'))).json()).toMatchObject({ code: 'INVALID_IMPORT' });
    expect(
      (await send([{ english: 'Hello there.', category: 'family' }], '', contributor.auth)).statusCode,
    ).toBe(403);
  });
});
