// The fuzz tier's state probe (fuzz/snapshot.ts) sees every kind of write to a table, on both databases: a new
// value, the same value written again, a delete, a delete and an insert that keep the count, and a file; and it
// sees no change where nothing was written, or only a volatile column.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { differences, StateProbe } from './fuzz/snapshot.ts';
import { createTestApp, DATABASE_KINDS, signUp, type TestApp } from './test-app.ts';

describe.each(DATABASE_KINDS)('the fuzz tier state probe on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let probe: StateProbe;
  let userId: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lopit-probe-'));
    t = await createTestApp(kind, { DATA_DIR: dataDir });
    userId = (await signUp(t.app, { name: 'Admin Quorra' })).user.id;
    await signUp(t.app, { name: 'Vexa Thrumble' });
    probe = new StateProbe(t.database, dataDir);
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** What the probe reports changed by `write`. */
  const changedBy = async (write: () => Promise<unknown>) => {
    const before = await probe.take();
    await write();
    return differences(before, await probe.take());
  };
  const execute = (query: ReturnType<typeof sql>) => t.database.db.execute(query);

  it('sees nothing where nothing was written', async () => {
    expect(await changedBy(() => execute(sql`select count(*) from users`))).toEqual([]);
  });

  // A write to users also counts a revision of the data the phones cache (engine_data_revisions): users is looked
  // for among the changes.
  it('sees a new value, the same value written again, a delete, and a delete with an insert', async () => {
    expect(
      await changedBy(() => execute(sql`update users set name = 'Orvik Plume' where id = ${userId}`)),
    ).toContain('table users: rows 2 -> 2 (rows changed)');
    expect(await changedBy(() => execute(sql`update users set name = name where id = ${userId}`))).toContain(
      'table users: rows 2 -> 2 (rows changed)',
    );
    // Gone and back in one statement: the same rows, the same count.
    expect(
      await changedBy(() =>
        execute(sql`with gone as (delete from sessions where user_id = ${userId} returning *)
          insert into sessions select * from gone`),
      ),
    ).toEqual([expect.stringMatching(/^table sessions: rows (\d+) -> \1 \(rows changed\)$/)]);
    expect(await changedBy(() => execute(sql`delete from sessions where user_id = ${userId}`))).toEqual([
      expect.stringMatching(/^table sessions: rows \d+ -> \d+$/),
    ]);
  });

  it('sees a file, and not an update of a volatile column alone', async () => {
    expect(
      await changedBy(async () => fs.promises.writeFile(path.join(dataDir, 'left-behind.tmp'), 'zz')),
    ).toEqual(['file added: left-behind.tmp (2 bytes)']);
    await execute(
      sql`insert into training_worker_tokens (token_hash, name, model_types) values ('probe-hash', 'Probe', array['asr'])`,
    );
    expect(
      await changedBy(() => execute(sql`update training_worker_tokens set last_seen_at = now()`)),
    ).toEqual([]);
    expect(await changedBy(() => execute(sql`update training_worker_tokens set name = 'Probe two'`))).toEqual(
      ['table training_worker_tokens: rows 1 -> 1 (rows changed)'],
    );
  });
});
