// SQL for what training may use: consented, transcribed, validated Lopit recordings (ASR, TTS), approved pairs of
// consenting contributors (MT), the lexicon's words, and the data readiness figures. Consent is read as it is now
// (the latest ledger row of each contributor, consent-sql.ts), so a withdrawal takes effect at the next run; the
// review state likewise (a clip invalidated or reported after a job was prepared leaves its data set).
import crypto from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/driver.ts';
import { speakerLabeller } from '../../lib/speaker-pseudonyms.ts';
import { rowsOf } from '../../db/migrate.ts';
import {
  approvedLexiconCondition,
  clipConsents,
  clipSpeaker,
  consentedPairCondition,
  usableSpeechCondition,
  validatedClipCondition,
} from '../consent/consent-sql.ts';
import type { UsableSpeech } from '../../../core/api/data.ts';
import { usableSpeech } from './usable-speech.ts';

export type SpeechUse = 'asr' | 'tts';

/** Who speaks in recordings row `r`: the field speaker, else the owner. */
const SPEAKER = sql.raw(clipSpeaker('r'));

/**
 * Condition on a recordings row `r` usable for speech models: usable Lopit speech (consent-sql.ts
 * usableSpeechCondition: consented, validated, transcribed Lopit, neither silent nor too short), the clips every
 * figure of it counts. A voice (TTS) also leaves out clipped (distorted) recordings.
 */
export function usableRecording(use: SpeechUse): SQL {
  return sql`${usableSpeechCondition('r')}
    ${use === 'tts' ? sql`and coalesce((r.quality->>'clipped')::boolean, false) = false` : sql``}`;
}

/** A stable hashed speaker id for data sets (no account id leaves the server). */
export const speakerHash = (userId: string) =>
  crypto.createHash('sha256').update(`lopit-speaker:${userId}`).digest('hex').slice(0, 16);

export interface SpeakerTotal {
  userId: string;
  seconds: number;
  utterances: number;
}

export interface DatasetRecording {
  id: string;
  /** Who speaks: a field speaker's id, else the owner's account id (consent-sql.ts clipSpeaker). */
  ownerId: string;
  transcript: string;
  durationSeconds: number;
  mimeType: string;
  sha256: string;
  sizeBytes: number;
  ageGroup: string | null;
  gender: string | null;
  dialect: string | null;
}

interface RecordingRow {
  id: string;
  owner_id: string;
  transcript: string;
  duration_seconds: number;
  mime_type: string;
  sha256: string;
  size_bytes: number;
  age_group: string | null;
  gender: string | null;
  dialect: string | null;
}

const RECORDING_COLUMNS =
  sql.raw(`r.id, ${clipSpeaker('r')} as owner_id, btrim(r.transcript) as transcript, r.duration_seconds,
  r.mime_type, r.sha256, r.size_bytes::float8 as size_bytes, r.age_group, r.gender, r.dialect`);

const toRecording = (row: RecordingRow): DatasetRecording => ({
  id: row.id,
  ownerId: row.owner_id,
  transcript: row.transcript,
  durationSeconds: Number(row.duration_seconds),
  mimeType: row.mime_type,
  sha256: row.sha256,
  sizeBytes: Number(row.size_bytes),
  ageGroup: row.age_group,
  gender: row.gender,
  dialect: row.dialect,
});

export class TrainingDataRepository {
  constructor(private readonly db: Db) {}

  /** A speaker's pseudonymous label (server/lib/speaker-pseudonyms.ts). */
  async speakerLabel(userId: string): Promise<string> {
    return (await speakerLabeller(this.db))(userId);
  }

  /** Usable audio per speaker, most audio first (ties: more utterances, then account id). */
  async speakerTotals(use: SpeechUse, limit?: number): Promise<SpeakerTotal[]> {
    const rows = rowsOf<{ owner_id: string; seconds: number; utterances: number }>(
      await this.db.execute(sql`select ${SPEAKER} as owner_id, sum(r.duration_seconds)::float8 as seconds,
          count(*)::int as utterances
        from recordings r where ${usableRecording(use)}
        group by 1 order by seconds desc, utterances desc, 1
        ${limit === undefined ? sql`` : sql`limit ${limit}`}`),
    );
    return rows.map((row) => ({
      userId: row.owner_id,
      seconds: Number(row.seconds),
      utterances: Number(row.utterances),
    }));
  }

  /** The usable recordings of one speaker (or of everyone), oldest first. */
  async recordings(use: SpeechUse, ownerId?: string): Promise<DatasetRecording[]> {
    const rows = rowsOf<RecordingRow>(
      await this.db.execute(sql`select ${RECORDING_COLUMNS} from recordings r
        where ${usableRecording(use)} ${ownerId ? sql`and ${SPEAKER} = ${ownerId}` : sql``}
        order by r.created_at, r.id`),
    );
    return rows.map(toRecording);
  }

  /** One recording, if it is usable for `use` now. */
  async usableRecordingById(use: SpeechUse, id: string): Promise<DatasetRecording | null> {
    const [row] = rowsOf<RecordingRow>(
      await this.db.execute(sql`select ${RECORDING_COLUMNS} from recordings r
        where r.id = ${id} and ${usableRecording(use)}`),
    );
    return row ? toRecording(row) : null;
  }

  /** Usable Lopit speech: the figures /training shows, as /data and the exports do (usable-speech.ts). */
  usableSpeech(): Promise<UsableSpeech> {
    return usableSpeech(this.db);
  }

  /** Of the consented audio (any language), the seconds listeners have validated: the review's progress. */
  async reviewedShare(): Promise<{ consentedSeconds: number; validatedSeconds: number }> {
    const [row] = rowsOf<{ consented: number; validated: number }>(
      await this.db.execute(sql`select
          coalesce(sum(r.duration_seconds), 0)::float8 as consented,
          coalesce(sum(r.duration_seconds) filter (where ${validatedClipCondition('r')}), 0)::float8 as validated
        from recordings r where ${clipConsents('r')}`),
    );
    return {
      consentedSeconds: Number(row?.consented ?? 0),
      validatedSeconds: Number(row?.validated ?? 0),
    };
  }

  /** Approved pairs of consenting contributors (or seeded/imported), and distinct Lopit words among them. */
  async mtFigures(): Promise<{ pairs: number; lopitWords: number }> {
    const [row] = rowsOf<{ pairs: number; words: number }>(
      await this.db
        .execute(sql`with usable as (select p.lopit from translation_pairs p where ${consentedPairCondition('p')})
        select (select count(*)::int from usable) as pairs,
          (select count(distinct w)::int from usable, regexp_split_to_table(lower(usable.lopit), '[[:space:][:punct:]]+') w
            where w <> '') as words`),
    );
    return { pairs: Number(row?.pairs ?? 0), lopitWords: Number(row?.words ?? 0) };
  }

  /** Lopit texts of the approved lexicon (for the share of its words a voice covers). */
  async lexiconLopit(): Promise<string[]> {
    const rows = rowsOf<{ lopit: string }>(
      await this.db.execute(
        sql`select l.lopit from lexicon_entries l where ${approvedLexiconCondition('l')}`,
      ),
    );
    return rows.map((row) => row.lopit);
  }

  /** Whether the user now consents to recording and has usable (validated) recordings for `use`. */
  async speakerTotal(use: SpeechUse, userId: string): Promise<SpeakerTotal | null> {
    const [row] = rowsOf<{ seconds: number; utterances: number }>(
      await this.db
        .execute(sql`select coalesce(sum(r.duration_seconds), 0)::float8 as seconds, count(*)::int as utterances
        from recordings r where ${SPEAKER} = ${userId} and ${usableRecording(use)}`),
    );
    const utterances = Number(row?.utterances ?? 0);
    return utterances > 0 ? { userId, seconds: Number(row?.seconds ?? 0), utterances } : null;
  }
}
