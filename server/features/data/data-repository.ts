// SQL for the data dashboard: totals, speakers, lexicon search.
import { sql } from 'drizzle-orm';
import type { LexiconEntry, Speaker, Statistics } from '../../../core/api/data.ts';
import type { Db } from '../../db/driver.ts';
import { rowsOf } from '../../db/migrate.ts';

export class DataRepository {
  constructor(private readonly db: Db) {}

  async statistics(): Promise<Statistics> {
    const [row] = rowsOf<{ seconds: number | null; speakers: number; recordings: number; pairs: number; lexicon: number }>(
      await this.db.execute(sql`select
        (select coalesce(sum(duration_seconds), 0) from recordings) as seconds,
        (select count(distinct owner_id)::int from recordings) as speakers,
        (select count(*)::int from recordings) as recordings,
        (select count(*)::int from translation_pairs where status = 'approved') as pairs,
        (select count(*)::int from lexicon_entries) as lexicon`),
    );
    return {
      totalAudioHours: Math.round((Number(row?.seconds ?? 0) / 3600) * 100) / 100,
      totalSpeakers: Number(row?.speakers ?? 0),
      totalTranslations: Number(row?.pairs ?? 0),
      totalRecordings: Number(row?.recordings ?? 0),
      lexiconSize: Number(row?.lexicon ?? 0),
    };
  }

  async speakers(limit: number): Promise<Speaker[]> {
    const rows = rowsOf<{ id: string; age_group: string | null; gender: string | null; recording_count: number; total_duration: number }>(
      await this.db.execute(sql`select u.id, u.age_group, u.gender, count(r.id)::int as recording_count,
          coalesce(sum(r.duration_seconds), 0) as total_duration
        from recordings r join users u on u.id = r.owner_id
        group by u.id order by max(r.created_at) desc limit ${limit}`),
    );
    return rows.map((row) => ({
      // A short pseudonymous id: dashboards never show who a speaker is.
      id: `S-${row.id.slice(0, 8)}`,
      ageGroup: row.age_group,
      gender: row.gender,
      recordingCount: Number(row.recording_count),
      totalDuration: Math.round(Number(row.total_duration) * 10) / 10,
    }));
  }

  /** Ranked: exact, then prefix, then contains; case-insensitive on both languages. */
  async lexicon(search: string | undefined, limit: number): Promise<LexiconEntry[]> {
    const term = (search ?? '').toLowerCase();
    // LIKE wildcards in the user's text match literally.
    const escaped = term.replace(/[\\%_]/g, (c) => `\\${c}`);
    const pattern = `%${escaped}%`;
    const prefix = `${escaped}%`;
    const rows = rowsOf<{ lopit: string; english: string; part_of_speech: string | null }>(
      await this.db.execute(sql`select lopit, english, part_of_speech from lexicon_entries
        where ${term} = '' or lower(lopit) like ${pattern} or lower(english) like ${pattern}
        order by case when lower(lopit) = ${term} or lower(english) = ${term} then 0
                      when lower(lopit) like ${prefix} or lower(english) like ${prefix} then 1 else 2 end,
                 lower(lopit), id
        limit ${limit}`),
    );
    return rows.map((row) => ({ lopit: row.lopit, english: row.english, partOfSpeech: row.part_of_speech }));
  }
}
