// Admin import of translation pairs from CSV, TSV or JSON: row-by-row report, duplicates, limits, access.
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, createTestApp, DATABASE_KINDS, signUp, type TestApp } from './test-app.ts';
import { importReportSchema, type TranslationPair } from '../../core/api/translation.ts';

const URL = '/api/admin/import/pairs';

function upload(content: string | Uint8Array, fileName = 'pairs.csv', field = 'file'): FormData {
  const form = new FormData();
  form.append(field, new Blob([typeof content === 'string' ? content : new Uint8Array(content)]), fileName);
  return form;
}

describe.each(DATABASE_KINDS)('admin import of pairs on %s', (kind) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUp>>;
  let contributor: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await signUp(t.app);
    contributor = await signUp(t.app);
  });
  afterAll(() => t.close());

  const send = (payload: InjectOptions['payload'], headers: Record<string, string> = admin.auth) =>
    t.app.inject({ method: 'POST', url: URL, headers, payload });
  const pairs = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/translation/pairs', headers: admin.auth })).json<{
      pairs: TranslationPair[];
    }>().pairs;
  const find = async (english: string) => (await pairs()).filter((pair) => pair.english === english);

  it('imports a CSV with columns in any order and case, extra columns ignored', async () => {
    const csv = [
      'Category,Notes,ENGLISH,Lopit',
      'food,ignored,"Bread, please.",Aboro',
      'family,,My sister is here.,',
      'Time,"quoted ""note""","It is late,\nvery late.",',
      '',
    ].join('\r\n');
    const response = await send(upload(csv));
    expect(response.statusCode).toBe(200);
    expect(answer(response, importReportSchema)).toEqual({
      accepted: 3,
      refused: [],
      duplicates: 0,
      approved: 1,
      proposed: 0,
    });
    expect(await find('Bread, please.')).toMatchObject([
      { category: 'food', lopit: 'Aboro', status: 'approved' },
    ]);
    expect(await find('My sister is here.')).toMatchObject([
      { category: 'family', lopit: '', status: 'empty' },
    ]);
    expect(await find('It is late,\nvery late.')).toMatchObject([{ category: 'time' }]);
  });

  it('imports a TSV found by its content (commas inside texts), whatever the file is called', async () => {
    const tsv =
      'english\tlopit\tcategory\nOne, two, three.\tDiye\tnumbers\nFour hundred and four.\t\tnumbers\n';
    const response = await send(upload(tsv, 'export.csv'));
    expect(response.statusCode).toBe(200);
    expect(answer(response, importReportSchema)).toEqual({
      accepted: 2,
      refused: [],
      duplicates: 0,
      approved: 1,
      proposed: 0,
    });
    expect(await find('One, two, three.')).toMatchObject([{ lopit: 'Diye', category: 'numbers' }]);
  });

  it('reads UTF-8 with a byte-order mark, and Lopit letters intact', async () => {
    const bytes = new TextEncoder().encode('\uFEFFenglish,lopit,category\nThe child sleeps.,Ŋɔ́ tɛ̀,family\n');
    const response = await send(upload(bytes));
    expect(response.statusCode).toBe(200);
    expect(answer(response, importReportSchema)).toMatchObject({ accepted: 1 });
    expect(await find('The child sleeps.')).toMatchObject([{ lopit: 'Ŋɔ́ tɛ̀' }]);
  });

  it('imports JSON, as an array or as { pairs }', async () => {
    const bare = await send([
      { english: 'JSON bare one.', category: 'greetings' },
      { english: 'JSON bare two.', lopit: 'Lo', category: 'food' },
    ]);
    expect(bare.statusCode).toBe(200);
    expect(answer(bare, importReportSchema)).toEqual({
      accepted: 2,
      refused: [],
      duplicates: 0,
      approved: 1,
      proposed: 0,
    });
    const wrapped = await send({ pairs: [{ english: 'JSON wrapped.', lopit: null, category: 'time' }] });
    expect(answer(wrapped, importReportSchema)).toEqual({
      accepted: 1,
      refused: [],
      duplicates: 0,
      approved: 0,
      proposed: 0,
    });
    expect(await find('JSON bare two.')).toMatchObject([{ status: 'approved' }]);
  });

  it('refuses invalid rows with their 1-based row numbers and imports the rest', async () => {
    const csv = [
      'english,lopit,category',
      'Valid row one.,,food',
      ',Orphan,food',
      'Bad category.,,weather',
      `${'x'.repeat(2001)},,food`,
      'Valid row two.,,greetings',
      'Too long Lopit.,' + 'y'.repeat(2001) + ',food',
      'No category.',
    ].join('\n');
    const response = await send(upload(csv));
    expect(response.statusCode).toBe(200);
    const report = answer(response, importReportSchema);
    expect(report.accepted).toBe(2);
    expect(report.duplicates).toBe(0);
    expect(report.refused.map((item) => item.row)).toEqual([2, 3, 4, 6, 7]);
    expect(report.refused[0]!.reason).toMatch(/English text is required/);
    expect(report.refused[1]!.reason).toMatch(
      /Category must be one of: greetings, family, numbers, food, time/,
    );
    expect(report.refused[2]!.reason).toMatch(/at most 2000/);
    expect(report.refused[3]!.reason).toMatch(/Lopit text can be at most 2000/);
    expect(report.refused[4]!.reason).toMatch(/Category is required/);
    expect(await find('Bad category.')).toEqual([]);

    const json = await send({ pairs: [{ english: 'Fine.', category: 'food' }, 'not a row', { english: 5 }] });
    const jsonReport = answer(json, importReportSchema);
    expect(jsonReport.accepted).toBe(1);
    expect(jsonReport.refused.map((item) => item.row)).toEqual([2, 3]);
    expect(jsonReport.refused[0]!.reason).toMatch(/must be an object/);
    expect(jsonReport.refused[1]!.reason).toMatch(/English text must be text; Category is required/);
  });

  it('refuses a row with an unclosed quote; blank lines keep the row numbers of the file', async () => {
    const csv = 'english,category\nBefore the blank.,food\n\n"Unclosed quote,food\nSwallowed.,food\n';
    const report = answer(await send(upload(csv)), importReportSchema);
    expect(report.accepted).toBe(1);
    expect(report.refused.map((item) => item.row)).toEqual([3]);
    expect(report.refused[0]!.reason).toMatch(/could not be read/);
  });

  it('counts duplicates (existing pairs and repeats within the file) and changes nothing', async () => {
    // A translated pair: a prompt without a translation is filled instead (the next test).
    const seeded = (await pairs()).find((pair) => pair.lopit !== '');
    expect(seeded).toBeDefined();
    const before = (await pairs()).length;
    const csv = [
      'english,lopit,category',
      `"${seeded!.english}",Should not land,${seeded!.category}`,
      'Brand new pair.,,food',
      'Brand new pair.,,food',
      'Brand new pair.,,time',
    ].join('\n');
    const response = await send(upload(csv));
    expect(answer(response, importReportSchema)).toEqual({
      accepted: 2,
      refused: [],
      duplicates: 2,
      approved: 0,
      proposed: 0,
    });
    const after = await pairs();
    expect(after).toHaveLength(before + 2);
    expect(
      after.find((pair) => pair.english === seeded!.english && pair.category === seeded!.category),
    ).toEqual(seeded);
  });

  it('fills a prompt that has no translation yet instead of calling it a duplicate (issue 35)', async () => {
    const prompts = [
      'english,lopit,category',
      'Blorp morning one.,,greetings',
      'Blorp morning two.,,greetings',
    ];
    expect(answer(await send(upload(prompts.join('\n'))), importReportSchema)).toMatchObject({
      accepted: 2,
      duplicates: 0,
    });
    const [untranslated] = await find('Blorp morning one.');
    expect(untranslated).toMatchObject({ lopit: '', status: 'empty' });
    const csv = [
      'english,lopit,category',
      'Blorp morning one.,Zib mornu,greetings',
      'Blorp morning one.,Zib again,greetings',
      'Blorp morning two.,,greetings',
    ].join('\n');
    expect(answer(await send(upload(csv)), importReportSchema)).toEqual({
      accepted: 1,
      refused: [],
      duplicates: 2,
      approved: 1,
      proposed: 0,
    });
    const [filled] = await find('Blorp morning one.');
    expect(filled).toMatchObject({ id: untranslated!.id, lopit: 'Zib mornu', status: 'approved' });
    expect(filled!.version).toBeGreaterThan(untranslated!.version);
    // Now translated, the same row is a duplicate and changes nothing.
    expect(
      answer(
        await send(upload('english,lopit,category\nBlorp morning one.,Zib other,greetings')),
        importReportSchema,
      ),
    ).toMatchObject({ accepted: 0, duplicates: 1 });
    expect((await find('Blorp morning one.'))[0]).toMatchObject({ lopit: 'Zib mornu' });
    // With review, the text waits as the admin's proposal.
    const reviewed = await t.app.inject({
      method: 'POST',
      url: `${URL}?review=true`,
      headers: admin.auth,
      payload: upload('english,lopit,category\nBlorp morning two.,Zib tu,greetings'),
    });
    expect(answer(reviewed, importReportSchema)).toMatchObject({ accepted: 1, duplicates: 0, proposed: 1 });
    expect((await find('Blorp morning two.'))[0]).toMatchObject({ lopit: '', status: 'empty' });
  });

  it('answers 400 clearly for a missing, empty, headerless or unreadable file', async () => {
    const noFile = new FormData();
    noFile.append('note', 'no file here');
    const cases: [InjectOptions['payload'], RegExp][] = [
      [noFile, /Choose a CSV or TSV file/],
      [upload('english,category\nHi,greetings\n', 'pairs.csv', 'upload'), /form field named "file"/],
      [upload(''), /empty/],
      [upload('text,kind\nHi,greetings\n'), /must name the columns english and category/],
      [upload(new Uint8Array([0xff, 0xfe, 0x65, 0x00, 0x6e, 0x00])), /not UTF-8/],
      [{ rows: [] }, /Send a CSV or TSV file/],
    ];
    for (const [payload, message] of cases) {
      const response = await send(payload);
      expect(response.statusCode, String(message)).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(message);
    }
    const nothing = await t.app.inject({ method: 'POST', url: URL, headers: admin.auth });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toMatchObject({ code: 'INVALID_IMPORT' });
  });

  it('refuses more than 10,000 rows and files over 5 MB', async () => {
    const rows = Array.from({ length: 10_001 }, (_, index) => ({
      english: `Row ${index}`,
      category: 'food',
    }));
    const tooMany = await send(rows);
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json()).toMatchObject({ code: 'IMPORT_TOO_LARGE' });
    expect(tooMany.json<{ message: string }>().message).toMatch(/at most 10,000 rows/);
    const csv = `english,category\n${rows.map((row) => `${row.english},food`).join('\n')}`;
    expect((await send(upload(csv))).statusCode).toBe(413);
    expect(await find('Row 1')).toEqual([]);

    const big = `english,category\n${'A long line of text,food\n'.repeat(220_000)}`;
    const tooBig = await send(upload(big));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json<{ message: string }>().message).toMatch(/larger than 5 MB/);
  });

  it('imports exactly 10,000 rows', async () => {
    const csv = `english,category\n${Array.from({ length: 10_000 }, (_, index) => `Bulk ${index},numbers`).join('\n')}`;
    const response = await send(upload(csv));
    expect(response.statusCode).toBe(200);
    expect(answer(response, importReportSchema)).toEqual({
      accepted: 10_000,
      refused: [],
      duplicates: 0,
      approved: 0,
      proposed: 0,
    });
  });

  it('is for admins only: 401 signed out, 403 for contributors', async () => {
    const signedOut = await t.app.inject({ method: 'POST', url: URL, payload: [] });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    const forbidden = await send(upload('english,category\nSneaky.,food\n'), contributor.auth);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect(await find('Sneaky.')).toEqual([]);
  });

  it('keeps multipart off the other routes', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/translation/save',
      headers: admin.auth,
      payload: upload('x'),
    });
    expect(response.statusCode).toBe(415);
  });
});
