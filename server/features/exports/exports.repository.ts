// SQL for the dataset exports: consented Lopit clips in batches (validated ones, or every review state for the
// full set), the speakers of a voice and of the speaker-disjoint split, the figures of the summary, the Lopit
// sentences offered for reading and their reports, consent form versions, and the installation's salt for
// pseudonymous speaker ids.
import { sql } from 'drizzle-orm';
import { speakerLabeller, speakerSalt } from '../../lib/speaker-pseudonyms.ts';
import type { ExportSet, ExportSummary, TtsSpeaker } from '../../../core/api/exports.ts';
import type { PromptReportReason } from '../../../core/api/prompts.ts';
import { CLIP_REVIEW_STATES, type ClipReviewState } from '../../../core/review/rules.ts';
import type { Db } from '../../db/driver.ts';
import { rowsOf } from '../../db/migrate.ts';
import {
  clipConsents,
  clipSpeaker,
  consentedPairCondition,
  clipKindCondition,
  consentingUsers,
  latestConsents,
  inspectedAudibleCondition,
  lopitClipCondition,
  openProposalCondition,
  speechClipCondition,
  transcribedCondition,
  validatedClipCondition,
} from '../consent/consent-sql.ts';
import { consentedSentenceCondition } from '../sentences/sentences.repository.ts';
import { usableSpeech } from '../training/usable-speech.ts';
import type { UsableSpeech } from '../../../core/api/data.ts';
import type { SpeakerTotal } from '../training/training-data.repository.ts';
import { defineDatabaseRepository } from '../../lib/repositories.ts';

/** A consented, transcribed Lopit recording with the speaker profile it was recorded with and its review. */
export interface Clip {
  id: string;
  ownerId: string;
  sha256: string;
  sizeBytes: number;
  mimeType: string;
  durationSeconds: number;
  transcript: string;
  ageGroup: string | null;
  gender: string | null;
  dialect: string | null;
  /** Consent form version of the speaker's standing grant. */
  formVersion: string;
  /** When it was recorded, by the phone's clock; null when unknown. */
  recordedAt: Date | null;
  reviewState: ClipReviewState;
  upVotes: number;
  downVotes: number;
}

export interface ClipFilter {
  ownerId?: string;
  /** accepted (the default): validated clips only; all: every review state (the research set). */
  set?: ExportSet;
}

/**
 * Condition on a recordings row `r`: in the speech exports at all (consent-sql.ts speechClipCondition: consent
 * now, a transcript, Lopit, neither silent nor too short). Validated, these are the usable Lopit speech every
 * page counts (server/features/training/usable-speech.ts).
 */
const exportableClip = (alias = 'r') => speechClipCondition(alias);

/** A Lopit sentence offered for reading (Common Voice's validated and unvalidated sentences). */
export interface Sentence {
  text: string;
  /** Still offered for reading (not retired). */
  inUse: boolean;
  /** Where it comes from (Common Voice's source column). */
  source: SentenceSource;
}

/**
 * Where a sentence comes from: the Lopit of a community translation, or a sentence a contributor wrote to be read
 * (the sentence collection, server/features/sentences).
 */
export const SENTENCE_SOURCES = { translation: 'community translation', written: 'written' } as const;
export type SentenceSource = (typeof SENTENCE_SOURCES)[keyof typeof SENTENCE_SOURCES];

/** A contributor's report of a sentence (Common Voice's reported.tsv). */
export interface SentenceReport {
  text: string;
  reason: PromptReportReason;
}

/** Who speaks in recordings row `r`: the field speaker, else the owner (issue 16). */
const SPEAKER = sql.raw(clipSpeaker('r'));

/** Speakers offered for a voice export. */
const MAX_TTS_SPEAKERS = 200;
const hours = (seconds: number) => Math.round((seconds / 3600) * 1000) / 1000;

export class ExportsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Consented, transcribed recordings (validated ones unless the full set is asked for) in batches, by
   * recording id (keyset paging: each batch is one query).
   */
  async *clips(filter: ClipFilter = {}, batchSize = 2000): AsyncGenerator<Clip[]> {
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const rows = rowsOf<{
        id: string;
        owner_id: string;
        sha256: string;
        size_bytes: number | string;
        mime_type: string;
        duration_seconds: number;
        transcript: string;
        age_group: string | null;
        gender: string | null;
        dialect: string | null;
        form_version: string;
        recorded_at: Date | string | null;
        review_state: ClipReviewState;
        up_votes: number;
        down_votes: number;
      }>(
        // A clip read from a written sentence has that sentence's text (as validated_sentences.tsv lists it).
        await this.db.execute(sql`select r.id, ${SPEAKER} as owner_id, r.sha256, r.size_bytes, r.mime_type,
            r.duration_seconds, coalesce(ls.text, r.transcript) as transcript, r.recorded_at, r.review_state, r.up_votes, r.down_votes,
            coalesce(r.age_group, sp.age_group, u.age_group) as age_group,
            coalesce(r.gender, sp.gender, u.gender) as gender,
            coalesce(r.dialect, sp.dialect, u.dialect) as dialect, latest.form_version
          from recordings r
          join ${latestConsents} latest on latest.subject_id = ${SPEAKER}
          left join speakers sp on sp.id = r.speaker_id
          left join users u on u.id = r.owner_id and r.speaker_id is null
          left join lopit_sentences ls on ls.id = r.prompt_sentence_id
          where r.id > ${after}::uuid and ${exportableClip('r')}
            ${filter.set === 'all' ? sql`` : sql`and ${validatedClipCondition('r')}`}
            ${filter.ownerId ? sql`and ${SPEAKER} = ${filter.ownerId}::uuid` : sql``}
          order by r.id limit ${batchSize}`),
      );
      if (rows.length === 0) return;
      yield rows.map((row) => ({
        id: row.id,
        ownerId: row.owner_id,
        sha256: row.sha256,
        sizeBytes: Number(row.size_bytes),
        mimeType: row.mime_type,
        durationSeconds: Number(row.duration_seconds),
        transcript: row.transcript,
        ageGroup: row.age_group,
        gender: row.gender,
        dialect: row.dialect,
        formVersion: row.form_version,
        recordedAt: row.recorded_at === null ? null : new Date(row.recorded_at),
        reviewState: row.review_state,
        upVotes: Number(row.up_votes),
        downVotes: Number(row.down_votes),
      }));
      if (rows.length < batchSize) return;
      after = rows[rows.length - 1]?.id ?? after;
    }
  }

  /**
   * Validated audio per speaker in the default ASR export, for its speaker-disjoint train/dev/test split
   * (server/features/training/dataset-split.ts).
   */
  async validatedSpeakerTotals(): Promise<SpeakerTotal[]> {
    const rows = rowsOf<{ owner_id: string; seconds: number; utterances: number }>(
      await this.db.execute(sql`select ${SPEAKER} as owner_id, sum(r.duration_seconds)::float8 as seconds,
          count(*)::int as utterances
        from recordings r where ${exportableClip('r')} and ${validatedClipCondition('r')}
        group by 1`),
    );
    return rows.map((row) => ({
      userId: row.owner_id,
      seconds: Number(row.seconds),
      utterances: Number(row.utterances),
    }));
  }

  /** Speakers with consented, transcribed, validated Lopit recordings, most audio first. */
  async ttsSpeakers(): Promise<TtsSpeaker[]> {
    const rows = rowsOf<{ id: string; name: string; dialect: string | null; clips: number; seconds: number }>(
      await this.db.execute(sql`select s.speaker as id, coalesce(u.name, sp.name) as name,
          coalesce(u.dialect, sp.dialect) as dialect, s.clips, s.seconds
        from (select ${SPEAKER} as speaker, count(*)::int as clips, sum(duration_seconds) as seconds
              from recordings r
              where ${exportableClip('r')} and ${validatedClipCondition('r')}
              group by 1) s
        left join users u on u.id = s.speaker
        left join speakers sp on sp.id = s.speaker
        order by s.seconds desc, s.speaker limit ${MAX_TTS_SPEAKERS}`),
    );
    const label = await speakerLabeller(this.db);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      label: label(row.id),
      dialect: row.dialect,
      clips: Number(row.clips),
      hours: hours(Number(row.seconds)),
    }));
  }

  async asrSummary(): Promise<ExportSummary['asr']> {
    const byState = sql.join(
      CLIP_REVIEW_STATES.map(
        (state) =>
          sql`count(*) filter (where exported and review_state = ${state})::int as ${sql.raw(state)}`,
      ),
      sql`, `,
    );
    const [row] = rowsOf<
      {
        bytes: number | string;
        all_bytes: number | string;
        untranscribed: number;
        without_consent: number;
        other_language: number;
        flagged: number;
      } & Record<ClipReviewState, number>
    >(
      await this.db.execute(sql`select ${byState},
          coalesce(sum(size_bytes) filter (where exported and validated), 0) as bytes,
          coalesce(sum(size_bytes) filter (where exported), 0) as all_bytes,
          count(*) filter (where consented and not transcribed)::int as untranscribed,
          count(*) filter (where not consented)::int as without_consent,
          count(*) filter (where consented and transcribed and not lopit)::int as other_language,
          count(*) filter (where consented and transcribed and lopit and not audible)::int as flagged
        from (select r.size_bytes, r.review_state,
                ${clipConsents('r')} as consented,
                ${transcribedCondition('r')} as transcribed,
                ${lopitClipCondition('r')} as lopit,
                ${inspectedAudibleCondition('r')} as audible,
                ${exportableClip('r')} as exported,
                ${validatedClipCondition('r')} as validated
              from recordings r where ${clipKindCondition('r')}) x`),
    );
    // The default export's clips, speakers and hours are the usable Lopit speech every page shows.
    const speech = await this.usableSpeech();
    return {
      clips: speech.clips,
      speakers: speech.speakers,
      hours: speech.hours,
      audioBytes: Number(row?.bytes ?? 0),
      untranscribed: Number(row?.untranscribed ?? 0),
      withoutConsent: Number(row?.without_consent ?? 0),
      otherLanguage: Number(row?.other_language ?? 0),
      flagged: Number(row?.flagged ?? 0),
      states: Object.fromEntries(
        CLIP_REVIEW_STATES.map((state) => [state, Number(row?.[state] ?? 0)]),
      ) as Record<ClipReviewState, number>,
      allAudioBytes: Number(row?.all_bytes ?? 0),
    };
  }

  /** Usable Lopit speech, as /training and /data count it (server/features/training/usable-speech.ts). */
  usableSpeech(): Promise<UsableSpeech> {
    return usableSpeech(this.db);
  }

  /**
   * The Lopit sentences offered for reading, as Common Voice's sentence files list them: `validated`, the Lopit
   * of approved English-Lopit pairs and the approved written sentences whose author consents (or that have no
   * author), retired ones with inUse false; `unvalidated`, Lopit translations waiting for review by authors who consent now. Oldest first.
   */
  async sentences(): Promise<{ validated: Sentence[]; unvalidated: Sentence[] }> {
    type Row = { text: string; in_use: boolean; source: SentenceSource };
    const { translation, written } = SENTENCE_SOURCES;
    const validated = rowsOf<Row>(
      await this.db.execute(sql`select * from (
          select p.lopit as text, p.retired_at is null as in_use, ${translation}::text as source, 0 as kind, p.id
          from translation_pairs p where ${consentedPairCondition('p')}
          union all
          select s.text, s.retired_at is null, ${written}::text, 1, s.id
          from lopit_sentences s where ${consentedSentenceCondition('s', 'approved')}
        ) sentences order by kind, id`),
    );
    const unvalidated = rowsOf<Row>(
      await this.db.execute(sql`select * from (
          select o.text, p.retired_at is null as in_use, ${translation}::text as source, 0 as kind, o.id
          from translation_proposals o join translation_pairs p on p.id = o.pair_id
          where ${openProposalCondition('o')}
          union all
          select s.text, true, ${written}::text, 1, s.id
          from lopit_sentences s where ${consentedSentenceCondition('s', 'proposed')}
        ) sentences order by kind, id`),
    );
    const toSentence = (row: Row) => ({ text: row.text, inUse: row.in_use, source: row.source });
    return { validated: validated.map(toSentence), unvalidated: unvalidated.map(toSentence) };
  }

  /**
   * Every contributor's report of a sentence whose Lopit is in the validated sentences (open or settled, as
   * Common Voice lists them), the pairs' and then the written sentences', each oldest first. A report of a pair
   * concerns the prompt (its English and its Lopit): the platform's reports do not say which of the two the
   * reader was shown.
   */
  async sentenceReports(): Promise<SentenceReport[]> {
    const rows = rowsOf<{ text: string; reason: PromptReportReason }>(
      await this.db.execute(sql`select text, reason from (
          select p.lopit as text, pr.reason, 0 as kind, pr.id
          from prompt_reports pr join translation_pairs p on p.id = pr.pair_id
          where ${consentedPairCondition('p')}
          union all
          select s.text, sr.reason, 1, sr.id
          from lopit_sentence_reports sr join lopit_sentences s on s.id = sr.sentence_id
          where ${consentedSentenceCondition('s', 'approved')}
        ) reports order by kind, id`),
    );
    return rows.map((row) => ({ text: row.text, reason: row.reason }));
  }

  async pairCount(): Promise<number> {
    const [row] = rowsOf<{ pairs: number }>(
      await this.db.execute(
        sql`select count(*)::int as pairs from translation_pairs p where ${consentedPairCondition('p')}`,
      ),
    );
    return Number(row?.pairs ?? 0);
  }

  /**
   * Of the pairs an export holds: authors per consent form version of their standing grant, and the pairs with
   * no author (seeded or imported texts).
   */
  async pairConsent(): Promise<{
    versions: Record<string, number>;
    withoutAuthor: number;
    withoutConsent: number;
  }> {
    const rows = rowsOf<{ form_version: string | null; authors: number; pairs: number }>(
      await this.db.execute(sql`select latest.form_version, count(distinct p.updated_by)::int as authors,
          count(*)::int as pairs
        from translation_pairs p left join ${latestConsents} latest on latest.subject_id = p.updated_by
        where ${consentedPairCondition('p')} group by 1 order by 1`),
    );
    const versions: Record<string, number> = {};
    let withoutAuthor = 0;
    for (const row of rows) {
      if (row.form_version === null) withoutAuthor += Number(row.pairs);
      else versions[row.form_version] = Number(row.authors);
    }
    const [left] = rowsOf<{ pairs: number }>(
      await this.db.execute(sql`select count(*)::int as pairs from translation_pairs p
        where p.status = 'approved' and p.lopit <> '' and p.updated_by is not null
          and p.updated_by not in ${consentingUsers('translation')}`),
    );
    return { versions, withoutAuthor, withoutConsent: Number(left?.pairs ?? 0) };
  }

  /** The installation's secret salt of pseudonymous speaker ids (server/lib/speaker-pseudonyms.ts). */
  speakerSalt(): Promise<string> {
    return speakerSalt(this.db);
  }
}

declare module '../../lib/repositories.ts' {
  interface Repositories {
    exports: ExportsRepository;
  }
}

export const exportsRepository = defineDatabaseRepository('exports', (db) => new ExportsRepository(db));
