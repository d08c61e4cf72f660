// The sync storm's set-up over HTTP (not timed): the accounts (the first is the admin) and the prompt pairs each
// phone edits, EDITS_PER_PHONE of its own. `fetch` is the process's own, not the phones' instrumented one.
import { api } from '../lib/json-api.ts';
import type { PairToEdit, PhoneAccount } from './phone.ts';

export const EDITS_PER_PHONE = 20;
const CATEGORIES = ['greetings', 'family', 'numbers', 'food', 'time'] as const;

export async function inParallel<T, R>(items: readonly T[], limit: number, run: (item: T) => Promise<R>) {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await run(items[index]!);
      }
    }),
  );
  return results;
}

/** Accounts (not timed): the first is the admin; the rest are the phones' contributors. */
export async function signUpAll(
  fetch: typeof globalThis.fetch,
  base: string,
  runId: string,
  phoneCount: number,
) {
  const signUp = (name: string, email: string) =>
    api<{ token: string; user: { id: string; role: string } }>(fetch, base, 'POST', '/auth/signup', {
      name,
      email,
      password: 'zorblish storm password',
    });
  const admin = await signUp('Zorblish Admin', `storm-admin-${runId}@example.org`);
  if (admin.user.role !== 'admin') throw new Error('the first account is not admin');
  const accounts: PhoneAccount[] = await inParallel(
    Array.from({ length: phoneCount }, (_, index) => index),
    4,
    async (index) => {
      const { token, user } = await signUp(
        `Zorblish Phone ${index}`,
        `storm-phone-${index}-${runId}@example.org`,
      );
      return { index, token, userId: user.id };
    },
  );
  return { adminToken: admin.token, accounts };
}

/** Prompt pairs of the invented language, EDITS_PER_PHONE of them for each phone (each edits its own). */
export async function seedPairs(
  fetch: typeof globalThis.fetch,
  base: string,
  adminToken: string,
  runId: string,
  phoneCount: number,
): Promise<Map<number, PairToEdit[]>> {
  const english = (phone: number, edit: number) => `Zorblish storm prompt ${runId} ${phone}-${edit}`;
  const rows = Array.from({ length: phoneCount * EDITS_PER_PHONE }, (_, index) => ({
    english: english(Math.floor(index / EDITS_PER_PHONE), index % EDITS_PER_PHONE),
    lopit: '',
    category: CATEGORIES[index % CATEGORIES.length]!,
  }));
  for (let start = 0; start < rows.length; start += 5_000) {
    const report = await api<{ accepted: number; refused: unknown[] }>(
      fetch,
      base,
      'POST',
      '/admin/import/pairs',
      { pairs: rows.slice(start, start + 5_000) },
      adminToken,
    );
    if (report.refused.length > 0)
      throw new Error(`import refused rows: ${JSON.stringify(report.refused[0])}`);
  }
  const { pairs } = await api<{ pairs: (PairToEdit & { lopit: string })[] }>(
    fetch,
    base,
    'GET',
    '/translation/pairs',
    undefined,
    adminToken,
  );
  const byEnglish = new Map(pairs.map((pair) => [pair.english, pair]));
  const plan = new Map<number, PairToEdit[]>();
  for (let phone = 0; phone < phoneCount; phone += 1) {
    plan.set(
      phone,
      Array.from({ length: EDITS_PER_PHONE }, (_, edit) => {
        const pair = byEnglish.get(english(phone, edit));
        if (!pair) throw new Error(`seeded pair ${phone}-${edit} not found`);
        return { id: pair.id, version: pair.version, english: pair.english };
      }),
    );
  }
  return plan;
}
