// Change numbers and revision counters drawn at commit (migration 0026, issue 33): a transaction changing a pair
// no longer holds up every other one until it commits, a number still never becomes visible after a larger one,
// and the revision counters move exactly when the change is seen. On PostgreSQL with two connections of its own
// beside the app's (PGlite has one connection: its transactions never overlap); both kinds check the stamping.
import postgres from 'postgres';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withinTransaction } from '../../server/db/driver.ts';
import { rowsOf } from '../../server/db/migrate.ts';
import { createTestApp, DATABASE_KINDS, signUp, type TestApp } from './test-app.ts';

/** The pairs' revision counter as a connection of its own sees it. */
const pairsCounterSeenBy = async (connection: postgres.Sql) =>
  Number(
    (
      await connection<{ revision: string }[]>`select revision from engine_data_revisions
      where source = 'translation_pairs'`
    )[0]!.revision,
  );

describe.each(DATABASE_KINDS)('change numbers at commit on %s', (kind) => {
  let t: TestApp;
  let pairIds: number[];
  const one = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    rowsOf<T>(await t.database.db.execute(query))[0]!;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const rows = rowsOf<{ id: number }>(
      await t.database.db.execute(sql`select id from translation_pairs order by id limit 2`),
    );
    pairIds = rows.map((row) => Number(row.id));
    expect(pairIds).toHaveLength(2);
  });
  afterAll(() => t.close());

  const changeSeqOf = async (id: number) =>
    Number(
      (await one<{ change_seq: string }>(sql`select change_seq from translation_pairs where id = ${id}`))
        .change_seq,
    );
  const revision = async (source: string) =>
    Number(
      (
        await one<{ revision: string }>(
          sql`select revision from engine_data_revisions where source = ${source}`,
        )
      ).revision,
    );

  it('stamps a changed pair with a new positive number and moves the counter once per transaction', async () => {
    const [first, second] = pairIds as [number, number];
    const before = { first: await changeSeqOf(first), second: await changeSeqOf(second) };
    const counter = await revision('translation_pairs');
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`update translation_pairs set version = version + 1 where id = ${first}`);
      await tx.execute(sql`update translation_pairs set version = version + 1 where id = ${first}`);
      await tx.execute(sql`update translation_pairs set version = version + 1 where id = ${second}`);
      // Inside the transaction the numbers are provisional: below every real one.
      expect(
        Number(
          rowsOf<{ c: string }>(
            await tx.execute(sql`select count(*) as c from translation_pairs where change_seq < 0`),
          )[0]!.c,
        ),
      ).toBe(2);
    });
    const after = { first: await changeSeqOf(first), second: await changeSeqOf(second) };
    expect(after.first).toBeGreaterThan(before.first);
    expect(after.second).toBeGreaterThan(before.second);
    expect(Math.min(after.first, after.second)).toBeGreaterThan(Math.max(before.first, before.second));
    expect(await revision('translation_pairs')).toBe(counter + 1);
    const provisional = await one<{ c: string }>(
      sql`select count(*) as c from translation_pairs where change_seq < 0`,
    );
    expect(Number(provisional.c)).toBe(0);
  });

  it('runs withinTransaction on the transaction it is given, and in a transaction of its own otherwise', async () => {
    const [first] = pairIds as [number, number];
    const before = await changeSeqOf(first);
    await t.database.db.transaction(async (tx) => {
      expect(await withinTransaction(tx, (inner) => Promise.resolve(inner === tx))).toBe(true);
    });
    const failed = withinTransaction(t.database.db, async (tx) => {
      await tx.execute(sql`update translation_pairs set version = version + 1 where id = ${first}`);
      throw new Error('rolled back');
    });
    await expect(failed).rejects.toThrow('rolled back');
    expect(await changeSeqOf(first)).toBe(before);
  });

  it('moves the consent counter when a consent event is committed', async () => {
    const counter = await revision('consent_events');
    const { user } = await signUp(t.app);
    await t.database.db.execute(
      sql`insert into consent_events (user_id, action, consent_type, form_version) values (${user.id}, 'grant', 'full', 'test')`,
    );
    expect(await revision('consent_events')).toBe(counter + 1);
  });

  it.runIf(kind === 'postgres')(
    'lets a second transaction change another pair and commit while the first is open, and numbers them in commit order',
    async () => {
      const [first, second] = pairIds as [number, number];
      const a = postgres(t.databaseUrl!, { max: 1, onnotice: () => undefined });
      const b = postgres(t.databaseUrl!, { max: 1, onnotice: () => undefined });
      try {
        // Were the second transaction to wait for the first, it would fail here instead of hanging.
        await b`set lock_timeout = '20s'`;
        const counter = await pairsCounterSeenBy(b);
        await a`begin`;
        await a`update translation_pairs set version = version + 1 where id = ${first}`;
        await b.begin(async (tx) => {
          await tx`update translation_pairs set version = version + 1 where id = ${second}`;
        });
        const [seen] = await b<
          { change_seq: string }[]
        >`select change_seq from translation_pairs where id = ${second}`;
        const secondSeq = Number(seen!.change_seq);
        expect(secondSeq).toBeGreaterThan(0);
        // The open transaction's change is not seen, nor counted, yet.
        expect(await pairsCounterSeenBy(b)).toBe(counter + 1);
        await a`commit`;
        const [committed] = await b<
          { change_seq: string }[]
        >`select change_seq from translation_pairs where id = ${first}`;
        // Committed last, numbered last: a phone that read up to secondSeq still receives it.
        expect(Number(committed!.change_seq)).toBeGreaterThan(secondSeq);
        expect(await pairsCounterSeenBy(b)).toBe(counter + 2);
      } finally {
        await a.end();
        await b.end();
      }
    },
  );
});
