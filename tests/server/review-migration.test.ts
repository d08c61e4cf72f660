// Migration 0010 on a database that already holds contributions: pairs approved before review existed stay
// approved (each recorded as an approved proposal of its author), and clips stored before it start pending.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/driver.ts';
import { migrate, readMigrations, rowsOf } from '../../server/db/migrate.ts';

const REVIEW_MIGRATION = 10;

describe('migration 0010 (community review) over existing data', () => {
  it('keeps approved pairs approved and starts stored clips pending', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lopit-review-migration-'));
    const database = await openDatabase({});
    try {
      const migrations = await readMigrations();
      for (const migration of migrations.filter((one) => one.version < REVIEW_MIGRATION)) {
        fs.writeFileSync(path.join(dir, migration.name), migration.sql);
      }
      await migrate(database, dir);
      const db = database.db;
      const userId = crypto.randomUUID();
      await db.execute(sql`insert into users (id, email, name, password_hash, role)
        values (${userId}, 'before@example.org', 'Before', 'x', 'contributor')`);
      await db.execute(sql`insert into translation_pairs (english, lopit, category, status, version, updated_by)
        values ('Approved before.', 'Zimbo', 'food', 'approved', 3, ${userId}),
               ('Never translated.', '', 'food', 'empty', 1, null)`);
      const clipId = crypto.randomUUID();
      await db.execute(sql`insert into recordings (id, owner_id, file_name, mime_type, size_bytes, sha256,
          duration_seconds, transcript)
        values (${clipId}, ${userId}, 'a.wav', 'audio/wav', 10, ${'0'.repeat(64)}, 1.5, 'Zimbo')`);

      for (const migration of migrations.filter((one) => one.version >= REVIEW_MIGRATION)) {
        fs.writeFileSync(path.join(dir, migration.name), migration.sql);
      }
      expect(await migrate(database, dir)).toContain('0010_review.sql');

      const pairs = rowsOf<{ english: string; lopit: string; status: string }>(
        await db.execute(sql`select english, lopit, status from translation_pairs order by english`),
      );
      expect(pairs).toEqual([
        { english: 'Approved before.', lopit: 'Zimbo', status: 'approved' },
        { english: 'Never translated.', lopit: '', status: 'empty' },
      ]);
      const proposals = rowsOf<{ text: string; state: string; source: string; author_id: string }>(
        await db.execute(sql`select text, state, source, author_id from translation_proposals`),
      );
      expect(proposals).toEqual([{ text: 'Zimbo', state: 'approved', source: 'legacy', author_id: userId }]);
      const clips = rowsOf<{ review_state: string; up_votes: number; down_votes: number }>(
        await db.execute(sql`select review_state, up_votes, down_votes from recordings`),
      );
      expect(clips).toEqual([{ review_state: 'pending', up_votes: 0, down_votes: 0 }]);
    } finally {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('migration 0015 (spoken consents typed as audio) over existing evidence', () => {
  it('retypes spoken consents stored as video and leaves photos alone', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lopit-evidence-migration-'));
    const database = await openDatabase({});
    try {
      const migrations = await readMigrations();
      for (const migration of migrations.filter((one) => one.version < 15))
        fs.writeFileSync(path.join(dir, migration.name), migration.sql);
      await migrate(database, dir);
      const db = database.db;
      const speakerId = crypto.randomUUID();
      await db.execute(
        sql`insert into speakers (id, name, pseudonym) values (${speakerId}, 'Elder Quillan', 'spk-1')`,
      );
      const events = rowsOf<{ id: string }>(
        await db.execute(sql`insert into consent_events (speaker_id, action, consent_type, form_version)
          values (${speakerId}, 'grant', 'recording', 'v1'), (${speakerId}, 'grant', 'full', 'v1') returning id`),
      );
      const [first, second] = events.map((event) => event.id);
      await db.execute(sql`insert into consent_evidence (consent_event_id, kind, mime_type, size_bytes, sha256)
        values (${first}, 'spoken', 'video/webm', 10, ${'a'.repeat(64)}),
               (${second}, 'spoken', 'video/mp4', 10, ${'b'.repeat(64)}),
               (${first}, 'photo', 'image/jpeg', 10, ${'c'.repeat(64)})`);
      for (const migration of migrations.filter((one) => one.version >= 15))
        fs.writeFileSync(path.join(dir, migration.name), migration.sql);
      expect(await migrate(database, dir)).toContain('0015_spoken_consent_audio_type.sql');
      const types = rowsOf<{ kind: string; mime_type: string }>(
        await db.execute(sql`select kind, mime_type from consent_evidence order by sha256`),
      );
      expect(types).toEqual([
        { kind: 'spoken', mime_type: 'audio/webm' },
        { kind: 'spoken', mime_type: 'audio/mp4' },
        { kind: 'photo', mime_type: 'image/jpeg' },
      ]);
    } finally {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
