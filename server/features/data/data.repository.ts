// SQL for the data dashboard: totals (all audio collected beside the usable Lopit speech of usable-speech.ts,
// proposed and approved pairs, the review backlog),
// speakers, activity over time, dialects, lexicon search. Recordings, pairs and proposals count only while their
// contributors consent (consent-sql.ts).
import { sql } from 'drizzle-orm';
import { audioHoursOf } from '../../../core/api/data.ts';
import type { DialectFigures, Speaker, Statistics, Timeline, TimelineBucket } from '../../../core/api/data.ts';
import type { Db } from '../../db/driver.ts';
import { rowsOf } from '../../db/migrate.ts';
import { speakerLabeller } from '../../lib/speaker-pseudonyms.ts';
import type { ClipReviewState } from '../../../core/review/rules.ts';
import {
  clipConsents,
  clipKindCondition,
  clipSpeaker,
  approvedLexiconCondition,
  consentedPairCondition,
  openProposalCondition,
} from '../consent/consent-sql.ts';
import { buildTimeline, type DailyActivity } from './timeline.ts';
import { defineDatabaseRepository } from '../../lib/repositories.ts';
import { dialectKey, mostCommon, usableSpeechTotals } from '../training/usable-speech.ts';

/** Who speaks in recordings row `r`: the field speaker, else the owner (issue 16). */
const SPEAKER = sql.raw(clipSpeaker('r'));
const PENDING: ClipReviewState = 'pending';
const REPORTED: ClipReviewState = 'reported';
const openProposal = openProposalCondition('o');

/** Dialect groups answered at most (free text: a typo makes a group of its own). */
const MAX_DIALECT_GROUPS = 200;

export class DataRepository {
  constructor(private readonly db: Db) {}

  async statistics(): Promise<Statistics> {
    const lopitSpeech = await usableSpeechTotals(this.db);
    const [row] = rowsOf<{
      seconds: number | null;
      speakers: number;
      recordings: number;
      pending: number;
      reported: number;
      pairs: number;
      pairs_proposed: number;
      proposals: number;
      lexicon: number;
    }>(
      await this.db.execute(sql`select
        coalesce(sum(s.seconds), 0) as seconds,
        count(*)::int as speakers,
        coalesce(sum(s.recordings), 0)::int as recordings,
        coalesce(sum(s.pending), 0)::int as pending,
        coalesce(sum(s.reported), 0)::int as reported,
        (select count(*)::int from translation_pairs p where ${consentedPairCondition('p')}) as pairs,
        (select count(distinct o.pair_id)::int from translation_proposals o where ${openProposal}) as pairs_proposed,
        (select count(*)::int from translation_proposals o where ${openProposal}) as proposals,
        (select count(*)::int from lexicon_entries l where ${approvedLexiconCondition('l')}) as lexicon
        from (select ${SPEAKER} as speaker, sum(r.duration_seconds) as seconds, count(*) as recordings,
                count(*) filter (where r.review_state = ${PENDING}) as pending,
                count(*) filter (where r.review_state = ${REPORTED}) as reported
              from recordings r where ${clipConsents('r')} and ${clipKindCondition('r')} group by 1) s`),
    );
    return {
      totalAudioHours: audioHoursOf(Number(row?.seconds ?? 0)),
      totalSpeakers: Number(row?.speakers ?? 0),
      totalTranslations: Number(row?.pairs ?? 0),
      totalRecordings: Number(row?.recordings ?? 0),
      lexiconSize: Number(row?.lexicon ?? 0),
      lopitSpeech,
      pairsProposed: Number(row?.pairs_proposed ?? 0),
      backlog: {
        clipsPending: Number(row?.pending ?? 0),
        clipsReported: Number(row?.reported ?? 0),
        proposalsWaiting: Number(row?.proposals ?? 0),
      },
    };
  }

  /** Consenting speakers, the one who recorded most recently first. */
  async speakers(limit: number): Promise<Speaker[]> {
    const rows = rowsOf<{
      id: string;
      age_group: string | null;
      gender: string | null;
      recording_count: number;
      total_duration: number;
    }>(
      await this.db.execute(sql`select s.speaker as id, coalesce(u.age_group, sp.age_group) as age_group,
          coalesce(u.gender, sp.gender) as gender, s.recording_count, s.total_duration
        from (select ${SPEAKER} as speaker, count(*)::int as recording_count,
                sum(duration_seconds) as total_duration, max(created_at) as last_at
              from recordings r where ${clipConsents('r')} and ${clipKindCondition('r')} group by 1) s
        left join users u on u.id = s.speaker
        left join speakers sp on sp.id = s.speaker
        order by s.last_at desc, s.speaker limit ${limit}`),
    );
    const label = await speakerLabeller(this.db);
    return rows.map((row) => ({
      // A short pseudonymous id: dashboards never show who a speaker is.
      id: label(row.id),
      ageGroup: row.age_group,
      gender: row.gender,
      recordingCount: Number(row.recording_count),
      totalDuration: Math.round(Number(row.total_duration) * 10) / 10,
    }));
  }

  /** Audio and approved pairs per bucket (pairs dated by their latest change), with running totals. */
  async timeline(bucket: TimelineBucket | undefined, now = new Date()): Promise<Timeline> {
    const rows = rowsOf<{ day: string; seconds: number; recordings: number; pairs: number }>(
      await this.db.execute(sql`with rec as (
          select (r.created_at at time zone 'UTC')::date as day, sum(r.duration_seconds) as seconds,
            count(*)::int as recordings
          from recordings r where ${clipConsents('r')} and ${clipKindCondition('r')} group by 1
        ), pairs as (
          select (p.updated_at at time zone 'UTC')::date as day, count(*)::int as pairs
          from translation_pairs p where ${consentedPairCondition('p')} group by 1
        )
        select to_char(coalesce(rec.day, pairs.day), 'YYYY-MM-DD') as day,
          coalesce(rec.seconds, 0) as seconds, coalesce(rec.recordings, 0) as recordings,
          coalesce(pairs.pairs, 0) as pairs
        from rec full join pairs on pairs.day = rec.day order by 1`),
    );
    const days: DailyActivity[] = rows.map((row) => ({
      day: row.day,
      seconds: Number(row.seconds),
      recordings: Number(row.recordings),
      pairs: Number(row.pairs),
    }));
    return buildTimeline(days, bucket, now);
  }

  /** Consenting contributions grouped by the contributors' dialect or home village (profile text). */
  async dialects(): Promise<DialectFigures[]> {
    const speakers = rowsOf<{ id: string; dialect: string | null; recordings: number; seconds: number }>(
      await this.db.execute(sql`select s.speaker as id, coalesce(u.dialect, sp.dialect) as dialect,
          s.recordings, s.seconds
        from (select ${SPEAKER} as speaker, count(*)::int as recordings, sum(duration_seconds) as seconds
              from recordings r where ${clipConsents('r')} and ${clipKindCondition('r')} group by 1) s
        left join users u on u.id = s.speaker
        left join speakers sp on sp.id = s.speaker`),
    );
    const translators = rowsOf<{ id: string; dialect: string | null; pairs: number }>(
      await this.db.execute(sql`select u.id, u.dialect, t.pairs
        from (select p.updated_by, count(*)::int as pairs from translation_pairs p
              where ${consentedPairCondition('p')} and p.updated_by is not null group by p.updated_by) t
        join users u on u.id = t.updated_by`),
    );
    const groups = new Map<string, DialectFigures & { spellings: Map<string, Set<string>> }>();
    const groupOf = (dialect: string | null, userId: string) => {
      const text = dialect?.trim() || null;
      const key = dialectKey(text);
      let group = groups.get(key);
      if (!group) {
        group = {
          dialect: null,
          speakers: 0,
          recordings: 0,
          audioHours: 0,
          translators: 0,
          pairs: 0,
          spellings: new Map(),
        };
        groups.set(key, group);
      }
      if (text) group.spellings.set(text, (group.spellings.get(text) ?? new Set()).add(userId));
      return group;
    };
    for (const row of speakers) {
      const group = groupOf(row.dialect, row.id);
      group.speakers += 1;
      group.recordings += Number(row.recordings);
      // Summed in seconds here, turned into hours below.
      group.audioHours += Number(row.seconds);
    }
    for (const row of translators) {
      const group = groupOf(row.dialect, row.id);
      group.translators += 1;
      group.pairs += Number(row.pairs);
    }
    return [...groups.values()]
      .map(({ spellings, ...group }) => ({
        ...group,
        dialect: mostCommon(spellings),
        audioHours: audioHoursOf(group.audioHours),
      }))
      .sort(
        (a, b) =>
          Number(a.dialect === null) - Number(b.dialect === null) ||
          b.audioHours - a.audioHours ||
          b.pairs - a.pairs ||
          (a.dialect ?? '').localeCompare(b.dialect ?? '', 'en'),
      )
      .slice(0, MAX_DIALECT_GROUPS);
  }
}

declare module '../../lib/repositories.ts' {
  interface Repositories {
    data: DataRepository;
  }
}

export const dataRepository = defineDatabaseRepository('data', (db) => new DataRepository(db));
