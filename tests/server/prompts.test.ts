// Prompt reports and retirement (issue 16) through the API, on both databases: one open report per person and
// sentence, replayed reports, the reporter's pack without the sentence, the admins' list with counts and
// reasons, retiring (out of every pack, the pair marked for the translate queue) and restoring.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../core/api/errors.ts';
import {
  adminPromptResponseSchema,
  adminPromptsSchema,
  promptReportResponseSchema,
} from '../../core/api/prompts.ts';
import { promptPackSchema, recordingResponseSchema } from '../../core/api/recordings.ts';
import { pairsResponseSchema } from '../../core/api/translation.ts';
import { createAudioTestApp, multipartBody, toneWav, type AudioTestApp } from './audio-fixtures.ts';
import type { Auth } from './review-fixtures.ts';
import { answer, DATABASE_KINDS, grantConsent, signUp } from './test-app.ts';

type Account = Awaited<ReturnType<typeof signUp>>;

describe.each(DATABASE_KINDS)('prompt reports on %s', (kind) => {
  let t: AudioTestApp;
  let admin: Account;
  let ana: Account;
  let ben: Account;
  let pairIds: number[];

  beforeAll(async () => {
    t = await createAudioTestApp(kind);
    admin = await signUp(t.app, { name: 'Admin' });
    ana = await signUp(t.app, { name: 'Ana' });
    ben = await signUp(t.app, { name: 'Ben' });
    for (const who of [admin, ana]) await grantConsent(t.app, who.auth, 'full');
    const list = await t.app.inject({ method: 'GET', url: '/api/translation/pairs', headers: admin.auth });
    pairIds = answer(list, pairsResponseSchema).pairs.map((pair) => pair.id);
  });
  afterAll(() => t.close());

  const post = (url: string, auth: Auth, payload: object, key?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...auth, ...(key ? { 'idempotency-key': key } : {}) },
      payload,
    });
  const report = (auth: Auth, id: number, reason: string, key?: string) =>
    post(`/api/audio/prompts/${id}/report`, auth, { reason, note: 'Seen on the phone' }, key);
  const packIds = async (auth: Auth) =>
    answer(
      await t.app.inject({ method: 'GET', url: '/api/audio/prompts?limit=1000', headers: auth }),
      promptPackSchema,
    ).prompts.map((prompt) => prompt.id);
  const reported = async () =>
    answer(
      await t.app.inject({ method: 'GET', url: '/api/admin/prompts?reported=true', headers: admin.auth }),
      adminPromptsSchema,
    );

  it('keeps one open report per person and sentence, and a replayed report applies once', async () => {
    const id = pairIds[0]!;
    const first = answer(
      await report(ana.auth, id, 'spelling', 'report-key-0001'),
      promptReportResponseSchema,
    );
    expect(first).toEqual({ promptId: id, openReports: 1, created: true });
    // The outbox sends the same entry again: the stored answer, nothing new.
    const replay = await report(ana.auth, id, 'spelling', 'report-key-0001');
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(answer(replay, promptReportResponseSchema)).toEqual(first);
    // Another report of the same sentence by the same person (another key) changes nothing either.
    expect(
      answer(await report(ana.auth, id, 'offensive', 'report-key-0002'), promptReportResponseSchema),
    ).toEqual({ promptId: id, openReports: 1, created: false });
    expect(answer(await report(ben.auth, id, 'offensive'), promptReportResponseSchema)).toEqual({
      promptId: id,
      openReports: 2,
      created: true,
    });

    const list = await reported();
    expect(list.total).toBe(1);
    expect(list.prompts[0]).toMatchObject({
      id,
      openReports: 2,
      reasons: { spelling: 1, offensive: 1 },
      retiredAt: null,
    });
  });

  it('refuses an unknown reason and an unknown sentence', async () => {
    const bad = await report(ana.auth, pairIds[1]!, 'boring');
    expect(bad.statusCode).toBe(400);
    expect(answer(bad, apiErrorSchema).message).toMatch(/reason must be one of/);
    const missing = await report(ana.auth, 999_999, 'spelling');
    expect(missing.statusCode).toBe(404);
  });

  it('takes a sentence out of the pack of the person who reported it, not out of the others', async () => {
    const id = pairIds[2]!;
    expect(await packIds(ana.auth)).toContain(id);
    await report(ana.auth, id, 'hard-to-read');
    expect(await packIds(ana.auth)).not.toContain(id);
    expect(await packIds(ben.auth)).toContain(id);
  });

  it('counts recordings and approved translations, and marks sentences hard to read aloud', async () => {
    const id = pairIds[3]!;
    const body = multipartBody(
      { bytes: toneWav(1.5, { frequency: 330 }), fileName: 'clip.wav' },
      { transcript: 'Read aloud', language: 'en', promptPairId: id },
    );
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/audio/upload',
      headers: { ...ana.auth, ...body.headers },
      payload: body.payload,
    });
    expect(answer(upload, recordingResponseSchema).recording.promptPairId).toBe(id);
    // An admin's save is approved at once.
    expect(
      (await post('/api/translation/save', admin.auth, { id, translation: 'Zorbu vanta' })).statusCode,
    ).toBe(200);
    await report(ben.auth, id, 'wrong-language');
    const row = (await reported()).prompts.find((prompt) => prompt.id === id);
    expect(row).toMatchObject({ recordings: 1, translated: true, openReports: 1 });

    const all = answer(
      await t.app.inject({ method: 'GET', url: '/api/admin/prompts?limit=200', headers: admin.auth }),
      adminPromptsSchema,
    );
    expect(all.total).toBe(pairIds.length);
    for (const prompt of all.prompts) {
      const words = prompt.english.trim().split(/\s+/).length;
      expect(prompt.readProblems.includes('too-long')).toBe(words > 14);
    }
  });

  it('retires a sentence out of every pack and marks its pair; restoring brings it back', async () => {
    const id = pairIds[0]!;
    const noReason = await post(`/api/admin/prompts/${id}/retire`, admin.auth, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);

    const retired = answer(
      await post(`/api/admin/prompts/${id}/retire`, admin.auth, { reason: 'Misspelt' }, 'retire-key-001'),
      adminPromptResponseSchema,
    ).prompt;
    expect(retired).toMatchObject({ id, openReports: 0, retiredReason: 'Misspelt' });
    expect(retired.retiredAt).not.toBeNull();
    expect(await packIds(ben.auth)).not.toContain(id);
    expect(await packIds(admin.auth)).not.toContain(id);
    // Its reports were resolved by the decision: the reported list no longer holds it.
    expect((await reported()).prompts.map((prompt) => prompt.id)).not.toContain(id);
    // The phones' copies of the pairs learn it (the translate queue leaves it out).
    const pairs = answer(
      await t.app.inject({ method: 'GET', url: '/api/translation/pairs', headers: ben.auth }),
      pairsResponseSchema,
    ).pairs;
    expect(pairs.find((pair) => pair.id === id)?.retired).toBe(true);
    expect(pairs.find((pair) => pair.id === pairIds[1])?.retired).toBeUndefined();

    const restored = answer(
      await post(`/api/admin/prompts/${id}/restore`, admin.auth, {}),
      adminPromptResponseSchema,
    ).prompt;
    expect(restored).toMatchObject({ retiredAt: null, retiredReason: null });
    // The reporters' reports are settled, so it is back in their packs too.
    expect(await packIds(ben.auth)).toContain(id);
    expect(await packIds(ana.auth)).toContain(id);
  });

  it('answers 404 for an unknown sentence to retire, and keeps the admin routes from contributors', async () => {
    expect((await post('/api/admin/prompts/999999/retire', admin.auth, { reason: 'x' })).statusCode).toBe(
      404,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/prompts', headers: ana.auth })).statusCode,
    ).toBe(403);
  });
});
