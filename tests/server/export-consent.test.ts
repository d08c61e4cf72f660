// Exports carry only what contributors consented to share and the community approved: a translation without
// translation consent is refused when saved; an approved one whose author withdrew (or changed to a consent that
// does not cover it) is left out, and so is a proposal still waiting for review; seeded and imported texts stay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvedByCommunity, propose } from './review-fixtures.ts';
import { answer, createTestApp, DATABASE_KINDS, grantConsent, signUp, type TestApp } from './test-app.ts';
import { pairsExportSchema, pairsResponseSchema, type TranslationPair } from '../../core/api/translation.ts';

describe.each(DATABASE_KINDS)('translation export and consent on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  async function exported(auth: Record<string, string>): Promise<TranslationPair[]> {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/translation/export?format=json',
      headers: auth,
    });
    expect(response.statusCode).toBe(200);
    return answer(response, pairsExportSchema).pairs;
  }

  const save = (user: { auth: Record<string, string> }, pair: TranslationPair, text: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/translation/save',
      headers: user.auth,
      payload: { id: pair.id, translation: text, baseVersion: pair.version },
    });

  it('includes a text while its author consents, refuses one without consent, and leaves one out after a withdrawal or a consent that no longer covers it', async () => {
    // The first account is the admin, whose saves are approved at once: the authors here are contributors.
    await signUp(t.app);
    const author = await signUp(t.app);
    const silent = await signUp(t.app);
    const switcher = await signUp(t.app);
    const reviewers = [(await signUp(t.app)).auth, (await signUp(t.app)).auth];
    const list = await t.app.inject({ method: 'GET', url: '/api/translation/pairs', headers: author.auth });
    const [first, second, third, fourth] = answer(list, pairsResponseSchema).pairs;
    await grantConsent(t.app, author.auth, 'translation');
    await grantConsent(t.app, switcher.auth, 'full');
    await grantConsent(t.app, silent.auth, 'recording');
    await approvedByCommunity(t.app, author.auth, reviewers, first!.id, 'zz-consented');
    await approvedByCommunity(t.app, switcher.auth, reviewers, third!.id, 'zz-switched');
    // Proposed, not yet approved: not in the export.
    await propose(t.app, author.auth, fourth!.id, 'zz-waiting');
    // Without translation consent a translation is refused, not kept unused.
    const refused = await save(silent, second!, 'zz-no-consent');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'CONSENT_REQUIRED' });
    expect(refused.json<{ message: string }>().message).toMatch(/translation consent/i);

    let pairs = await exported(author.auth);
    expect(pairs.find((pair) => pair.id === first!.id)).toMatchObject({
      lopit: 'zz-consented',
      status: 'approved',
    });
    expect(pairs.find((pair) => pair.id === second!.id)).toMatchObject({ lopit: '', status: 'empty' });
    expect(pairs.find((pair) => pair.id === third!.id)?.lopit).toBe('zz-switched');
    expect(pairs.find((pair) => pair.id === fourth!.id)).toMatchObject({ lopit: '', status: 'empty' });

    await t.app.inject({ method: 'POST', url: '/api/consent/withdraw', headers: author.auth });
    await grantConsent(t.app, switcher.auth, 'recording');
    pairs = await exported(author.auth);
    expect(pairs.find((pair) => pair.id === first!.id)?.lopit).toBe('');
    expect(pairs.find((pair) => pair.id === third!.id)?.lopit).toBe('');
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/translation/export?format=csv',
      headers: author.auth,
    });
    expect(csv.body).not.toContain('zz-consented');
    expect(csv.body).not.toContain('zz-no-consent');
    expect(csv.body).not.toContain('zz-switched');
    expect(csv.body).not.toContain('zz-waiting');
  });
});
