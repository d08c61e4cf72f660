// Exports carry only what contributors consented to share: a translation whose author has no translation
// consent (never given, or withdrawn) is left out; seeded and imported texts stay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DATABASE_KINDS, signUp, type TestApp } from './test-app.ts';

interface Pair {
  id: number;
  lopit: string;
  status: string;
  version: number;
}

describe.each(DATABASE_KINDS)('translation export and consent on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  async function exported(auth: Record<string, string>): Promise<Pair[]> {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/translation/export?format=json',
      headers: auth,
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ pairs: Pair[] }>().pairs;
  }

  it('includes a text while its author consents, and leaves it out after a withdrawal or without consent', async () => {
    const author = await signUp(t.app);
    const silent = await signUp(t.app);
    const list = await t.app.inject({ method: 'GET', url: '/api/translation/pairs', headers: author.auth });
    const [first, second] = list.json<{ pairs: Pair[] }>().pairs;
    const grant = await t.app.inject({
      method: 'POST',
      url: '/api/consent/submit',
      headers: author.auth,
      payload: { consent_type: 'translation' },
    });
    expect(grant.statusCode).toBe(200);
    for (const [user, pair, text] of [
      [author, first!, 'zz-consented'],
      [silent, second!, 'zz-no-consent'],
    ] as const) {
      const saved = await t.app.inject({
        method: 'POST',
        url: '/api/translation/save',
        headers: user.auth,
        payload: { id: pair.id, translation: text, baseVersion: pair.version },
      });
      expect(saved.statusCode).toBe(200);
    }

    let pairs = await exported(author.auth);
    expect(pairs.find((pair) => pair.id === first!.id)).toMatchObject({
      lopit: 'zz-consented',
      status: 'approved',
    });
    expect(pairs.find((pair) => pair.id === second!.id)).toMatchObject({ lopit: '', status: 'empty' });

    await t.app.inject({ method: 'POST', url: '/api/consent/withdraw', headers: author.auth });
    pairs = await exported(author.auth);
    expect(pairs.find((pair) => pair.id === first!.id)?.lopit).toBe('');
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/translation/export?format=csv',
      headers: author.auth,
    });
    expect(csv.body).not.toContain('zz-consented');
    expect(csv.body).not.toContain('zz-no-consent');
  });
});
