// Lexicon: ranked accent-insensitive search, admin import (CSV/TSV/JSON, report, duplicates, bad files) and
// export (spreadsheet-safe), admin only. Entries are in a made-up language, never real Lopit.
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEXICON_IMPORT_MAX_ROWS } from '../../core/constants.ts';
import { accentKey } from '../../core/mt/normalise.ts';
import { seededRandom } from '../../core/mt/random.ts';
import { answer, createTestApp, DATABASE_KINDS, signUp, type TestApp } from './test-app.ts';
import { lexiconEntriesResponseSchema } from '../../core/api/lexicon.ts';
import { importReportSchema } from '../../core/api/translation.ts';

type Account = Awaited<ReturnType<typeof signUp>>;

const IMPORT = '/api/admin/import/lexicon';

function upload(content: string | Uint8Array, fileName = 'lexicon.csv', field = 'file'): FormData {
  const form = new FormData();
  form.append(field, new Blob([typeof content === 'string' ? content : new Uint8Array(content)]), fileName);
  return form;
}

describe.each(DATABASE_KINDS)('lexicon on %s', (kind) => {
  let t: TestApp;
  let admin: Account;
  let contributor: Account;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await signUp(t.app);
    contributor = await signUp(t.app);
  });
  afterAll(() => t.close());

  const send = (payload: InjectOptions['payload'], headers: Record<string, string> = admin.auth) =>
    t.app.inject({ method: 'POST', url: IMPORT, headers, payload });
  const search = async (term: string, limit = 100) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/data/lexicon?search=${encodeURIComponent(term)}&limit=${limit}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return answer(response, lexiconEntriesResponseSchema).entries;
  };
  const exported = async () =>
    (
      await t.app.inject({ method: 'GET', url: '/api/admin/export/lexicon?format=json', headers: admin.auth })
    ).json<{ lopit: string; english: string; part_of_speech: string | null }[]>();

  it('is admin only: visitors 401, contributors 403', async () => {
    const csv = upload('lopit,english\nzorbel,dog\n');
    expect((await t.app.inject({ method: 'POST', url: IMPORT, payload: csv })).statusCode).toBe(401);
    expect((await send(upload('lopit,english\nzorbel,dog\n'), contributor.auth)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/export/lexicon' })).statusCode).toBe(401);
    const forbidden = await t.app.inject({
      method: 'GET',
      url: '/api/admin/export/lexicon',
      headers: contributor.auth,
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect(await exported()).toEqual([]);
  });

  it('imports a CSV with columns in any order and case, and reports refused rows with reasons', async () => {
    const csv = [
      'English,Part_of_Speech,LOPIT,notes',
      'river,noun,Kwintafa,ignored',
      'to see,verb,zíbba,',
      '"stone, small",noun,glimmet,',
      ',noun,vashu,',
      'dawn,,,',
      '',
    ].join('\r\n');
    const response = await send(upload(csv));
    expect(response.statusCode, response.body).toBe(200);
    expect(answer(response, importReportSchema)).toEqual({
      accepted: 3,
      approved: 3,
      proposed: 0,
      duplicates: 0,
      refused: [
        { row: 4, reason: 'English text is required' },
        { row: 5, reason: 'Lopit text is required' },
      ],
    });
    expect(await search('glimmet')).toEqual([
      { lopit: 'glimmet', english: 'stone, small', partOfSpeech: 'noun' },
    ]);
    expect(await search('zibba')).toEqual([{ lopit: 'zíbba', english: 'to see', partOfSpeech: 'verb' }]);
  });

  it('imports TSV found by its content, JSON bodies and JSON files', async () => {
    const tsv = 'lopit\tenglish\tpart_of_speech\nŋaro\tgoat, young\tnoun\ndrel\tto find\tverb\n';
    expect(answer(await send(upload(tsv, 'export.csv')), importReportSchema)).toEqual({
      accepted: 2,
      approved: 2,
      proposed: 0,
      duplicates: 0,
      refused: [],
    });
    const body = await send([{ lopit: 'mirvo', english: 'cat', partOfSpeech: 'noun' }, { lopit: 'pimi' }]);
    expect(answer(body, importReportSchema)).toEqual({
      accepted: 1,
      approved: 1,
      proposed: 0,
      duplicates: 0,
      refused: [{ row: 2, reason: 'English text is required' }],
    });
    const wrapped = await send({ entries: [{ lopit: 'twella', english: 'bird', part_of_speech: null }] });
    expect(answer(wrapped, importReportSchema)).toMatchObject({ accepted: 1 });
    const file = JSON.stringify([{ lopit: 'gornu', english: 'man', part_of_speech: 'noun' }]);
    expect(answer(await send(upload(file, 'lexicon.json')), importReportSchema)).toMatchObject({
      accepted: 1,
    });
    expect(await search('ngaro')).toEqual([{ lopit: 'ŋaro', english: 'goat, young', partOfSpeech: 'noun' }]);
  });

  it('counts duplicates (same texts apart from accents and case) and never stores them twice', async () => {
    const before = (await exported()).length;
    const csv = 'lopit,english\nKWINTAFA,River\nkwíntafa,river\nnewa,moon\nNewa,Moon\n';
    expect(answer(await send(upload(csv)), importReportSchema)).toEqual({
      accepted: 1,
      approved: 1,
      proposed: 0,
      duplicates: 3,
      refused: [],
    });
    expect((await exported()).length).toBe(before + 1);
    // The same Lopit word with another meaning is a separate entry.
    expect(answer(await send([{ lopit: 'kwintafa', english: 'stream' }]), importReportSchema)).toMatchObject({
      accepted: 1,
      duplicates: 0,
    });
  });

  it('refuses bad files as a whole and stores nothing', async () => {
    const before = await exported();
    const cases: [unknown, number, RegExp][] = [
      [upload(''), 400, /empty/],
      [upload('word,meaning\nzorbel,dog\n'), 400, /columns lopit and english/],
      [upload(Uint8Array.from([0x6c, 0x6f, 0x70, 0x69, 0x74, 0xff, 0xfe, 0x0a])), 400, /not UTF-8/],
      [upload('[{"lopit": "zorbel",', 'lexicon.json'), 400, /not valid JSON/],
      [upload('lopit,english\n'.concat('zorbel,dog\n'.repeat(LEXICON_IMPORT_MAX_ROWS + 1))), 413, /at most/],
      [{ words: [] }, 400, /.+/],
      [upload('lopit,english\nzorbel,dog\n', 'lexicon.csv', 'document'), 400, /form field named "file"/],
    ];
    for (const [payload, status, message] of cases) {
      const response = await send(payload as InjectOptions['payload']);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json<{ message: string }>().message).toMatch(message);
    }
    expect(await exported()).toEqual(before);
  });

  it('ranks exact, then prefix, then contains matches on both languages', async () => {
    await send([
      { lopit: 'zokwin', english: 'star' },
      { lopit: 'kwin', english: 'rain' },
      { lopit: 'kwinora', english: 'rainbow' },
      { lopit: 'bradu', english: 'terrain' },
      { lopit: 'kwinalo', english: 'drain' },
    ]);
    const kwin = await search('kwin');
    expect(kwin.map((entry) => entry.lopit)).toEqual([
      'kwin',
      'kwinalo',
      'kwinora',
      'Kwintafa',
      'kwintafa',
      'zokwin',
    ]);
    // English side: exact "rain", prefix "rainbow", then "drain" and "terrain" by their English text.
    expect((await search('RAIN')).map((entry) => entry.english)).toEqual([
      'rain',
      'rainbow',
      'drain',
      'terrain',
    ]);
    expect((await search('kwin', 2)).map((entry) => entry.lopit)).toEqual(['kwin', 'kwinalo']);
  });

  it('answers the same top entries as ranking the whole lexicon would, at any limit', async () => {
    const rand = seededRandom(3);
    const syllable = () => ['ka', 'ki', 'ko', 'ra', 'ri', 'ta', 'zo', 'zé'][Math.floor(rand() * 8)] as string;
    const made = Array.from({ length: 300 }, (_, i) => ({
      lopit: `${syllable()}${syllable()}${syllable()}`,
      english: `${['kite', 'rake', 'tiara', 'karate', 'zoo'][i % 5]} ${syllable()}${i}`,
    }));
    expect((await send(made)).statusCode).toBe(200);
    const all = await exported();
    const rank = (key: string, term: string) =>
      key === term ? 0 : key.startsWith(term) ? 1 : key.includes(term) ? 2 : 3;
    const order = (
      a: { rank: number; key: string; id: number },
      b: { rank: number; key: string; id: number },
    ) => a.rank - b.rank || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0) || a.id - b.id;
    for (const term of ['ka', 'kora', 'ri', 'ki', 'zo', 'ze', 'ra', 'kite', 'ate', 'a', 'k', 'tiara ko']) {
      const expected = all
        .map((entry, id) => {
          const sides = [
            { rank: rank(accentKey(entry.lopit), term), key: accentKey(entry.lopit), id },
            { rank: rank(accentKey(entry.english), term), key: accentKey(entry.english), id },
          ].sort(order);
          return { ...(sides[0] as { rank: number; key: string; id: number }), entry };
        })
        .filter((item) => item.rank < 3)
        .sort(order);
      for (const limit of [1, 5, 20]) {
        const got = await search(term, limit);
        expect(
          got.map((entry) => `${entry.lopit}|${entry.english}`),
          `${term} limit ${limit}`,
        ).toEqual(expected.slice(0, limit).map(({ entry }) => `${entry.lopit}|${entry.english}`));
      }
    }
  });

  it('matches without regard to accents, case or the spelling of ŋ', async () => {
    await send([{ lopit: 'Zórbel', english: 'Dog', part_of_speech: 'noun' }]);
    for (const term of ['zorbel', 'ZORBEL', 'zörbel', 'órb']) {
      expect((await search(term)).map((entry) => entry.lopit)).toContain('Zórbel');
    }
    expect((await search('NGARO')).map((entry) => entry.lopit)).toEqual(['ŋaro']);
    expect((await search('ŋar')).map((entry) => entry.lopit)).toEqual(['ŋaro']);
    expect((await search('dog')).map((entry) => entry.english)).toEqual(['Dog']);
  });

  it('treats LIKE wildcards literally, lists everything without a term, and validates the query', async () => {
    expect(await search('%')).toEqual([]);
    expect(await search('k_in')).toEqual([]);
    const all = await search('', 1000);
    expect(all.length).toBe((await exported()).length);
    const sorted = [...all].map((entry) => entry.lopit);
    expect(sorted[0]).toBe('bradu');
    const tooMany = await t.app.inject({ method: 'GET', url: '/api/data/lexicon?limit=5000' });
    expect(tooMany.statusCode).toBe(400);
  });

  it('exports CSV, TSV and JSON with formula-like cells neutralised in the spreadsheet formats', async () => {
    await send([
      { lopit: '=HYPERLINK("http://example.org")', english: 'link, "quoted"', part_of_speech: '+noun' },
      { lopit: '@zorb', english: '-1', part_of_speech: null },
    ]);
    const csv = await t.app.inject({ method: 'GET', url: '/api/admin/export/lexicon', headers: admin.auth });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="lexicon.csv"');
    expect(csv.body.startsWith('\uFEFFlopit,english,part_of_speech\r\n')).toBe(true);
    expect(csv.body).toContain(`"'=HYPERLINK(""http://example.org"")","link, ""quoted""",'+noun\r\n`);
    expect(csv.body).toContain(`'@zorb,'-1,\r\n`);

    const tsv = await t.app.inject({
      method: 'GET',
      url: '/api/admin/export/lexicon?format=tsv',
      headers: admin.auth,
    });
    expect(tsv.headers['content-type']).toMatch(/^text\/tab-separated-values/);
    expect(tsv.body.startsWith('lopit\tenglish\tpart_of_speech\n')).toBe(true);
    expect(tsv.body).toContain(`'=HYPERLINK("http://example.org")\tlink, "quoted"\t'+noun\n`);

    const json = await exported();
    expect(json).toContainEqual({ lopit: '@zorb', english: '-1', part_of_speech: null });
    expect(json).toContainEqual({ lopit: 'Zórbel', english: 'Dog', part_of_speech: 'noun' });

    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/admin/export/lexicon?format=xlsx',
      headers: admin.auth,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'format must be csv, tsv or json',
    });
  });

  it('round-trips an export through the import as duplicates only', async () => {
    const before = (await exported()).length;
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/admin/export/lexicon?format=json',
      headers: admin.auth,
    });
    const report = answer(await send(upload(csv.body, 'lexicon.json')), importReportSchema);
    expect(report).toEqual({ accepted: 0, approved: 0, proposed: 0, duplicates: before, refused: [] });
    expect((await exported()).length).toBe(before);
  });
});
