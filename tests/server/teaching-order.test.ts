// Which sentence next (issue 19): the prompt pack asks for untranslated sentences in the order of what their
// translation would teach the model, and the admins' list says where each stands and why. Both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPromptsSchema } from '../../core/api/prompts.ts';
import { promptPackSchema } from '../../core/api/recordings.ts';
import { answer, createTestApp, DATABASE_KINDS, grantConsent, signUp, type TestApp } from './test-app.ts';

type Account = Awaited<ReturnType<typeof signUp>>;

describe.each(DATABASE_KINDS)('teaching order on %s', (kind) => {
  let t: TestApp;
  let admin: Account;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await signUp(t.app, { name: 'Admin' });
    await grantConsent(t.app, admin.auth, 'full');
  });
  afterAll(() => t.close());

  /** Every page of the admins' list. */
  const adminList = async () => {
    const all = [];
    for (let page = 1; ; page++) {
      const list = answer(
        await t.app.inject({ method: 'GET', url: `/api/admin/prompts?page=${page}`, headers: admin.auth }),
        adminPromptsSchema,
      );
      all.push(...list.prompts);
      if (list.prompts.length === 0 || all.length >= list.total) return all;
    }
  };
  const pack = async () =>
    answer(
      await t.app.inject({ method: 'GET', url: '/api/audio/prompts?limit=1000', headers: admin.auth }),
      promptPackSchema,
    ).prompts.map((prompt) => prompt.id);

  it('ranks every untranslated sentence once, explains it, and the pack follows the ranking', async () => {
    // Made-up words, repeated so that the sentence holding most of them teaches most.
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/admin/import/pairs',
      headers: admin.auth,
      payload: {
        pairs: [
          { english: 'The quib sings.', category: 'greetings' },
          { english: 'The zorgon and the quib dance with the flarn.', category: 'greetings' },
          { english: 'A zorgon sees a flarn.', category: 'greetings' },
        ],
      },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const prompts = await adminList();
    const ranked = prompts.filter((p) => p.teaching).sort((a, b) => a.teaching!.rank - b.teaching!.rank);
    const untranslated = prompts.filter((p) => !p.translated && !p.retiredAt);
    expect(ranked.length).toBe(untranslated.length);
    expect(ranked.map((p) => p.teaching!.rank)).toEqual(ranked.map((_, i) => i + 1));
    for (const p of prompts.filter((p) => p.translated)) expect(p.teaching ?? null).toBeNull();
    const zorgon = prompts.find((p) => p.english.startsWith('The zorgon'))!;
    expect(zorgon.teaching?.reason).toMatch(/^Teaches \d+ new words \(.*zorgon/);
    const quib = prompts.find((p) => p.english === 'The quib sings.')!;
    expect(zorgon.teaching!.rank).toBeLessThan(quib.teaching!.rank);
    // Nothing recorded yet: the pack asks for the untranslated sentences in teaching order.
    const order = await pack();
    const inPack = order.filter((id) => ranked.some((p) => p.id === id));
    expect(inPack).toEqual(ranked.map((p) => p.id));
  });
});
