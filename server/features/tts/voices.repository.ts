// SQL of speech playback: the transcribed, validated recordings of a language, and whose owners currently consent.
import { and, eq, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { TtsLanguage } from '../../../core/api/tts.ts';
import type { Db } from '../../db/driver.ts';
import { recordings } from '../../db/schema.ts';
import type { ConsentRepository } from '../consent/consent.repository.ts';
import { clipSpeaker, validatedClipCondition } from '../consent/consent-sql.ts';
import { defineDatabaseRepository } from '../../lib/repositories.ts';

export interface VoiceRecording {
  id: string;
  /** Who speaks: the field speaker's id, else the owner's (consent-sql.ts clipSpeaker). */
  ownerId: string;
  transcript: string;
  sha256: string;
  mimeType: string;
  durationSeconds: number;
  createdAt: Date;
  /** Flagged at upload: nothing audible (never used) or clipped (used when nothing better exists). */
  silent: boolean;
  clipped: boolean;
}

export class VoiceRepository {
  constructor(
    private readonly db: Db,
    private readonly ledger: ConsentRepository,
  ) {}

  /**
   * Recordings the community validated, with a transcript in this language (or no language given), at most
   * `maxSeconds` long: a clip nobody has checked (or that listeners turned down) never speaks for the community.
   */
  async transcribed(language: TtsLanguage, maxSeconds: number): Promise<VoiceRecording[]> {
    const rows = await this.db
      .select({
        id: recordings.id,
        ownerId: sql<string>`${sql.raw(clipSpeaker('recordings'))}`,
        transcript: recordings.transcript,
        sha256: recordings.sha256,
        mimeType: recordings.mimeType,
        durationSeconds: recordings.durationSeconds,
        createdAt: recordings.createdAt,
        quality: recordings.quality,
      })
      .from(recordings)
      .where(
        and(
          isNotNull(recordings.transcript),
          validatedClipCondition('recordings'),
          or(eq(recordings.language, language), isNull(recordings.language)),
          lte(recordings.durationSeconds, maxSeconds),
        ),
      );
    return rows.map(({ quality, transcript, ...row }) => ({
      ...row,
      transcript: transcript ?? '',
      silent: quality.silent === true,
      clipped: quality.clipped === true,
    }));
  }

  /**
   * The speakers (accounts or field speakers) among these whose recording consent currently holds. Decided by the
   * consent ledger exactly as the upload decides it, so a withdrawal takes effect here at once.
   */
  async consentingOwners(ownerIds: Iterable<string>): Promise<Set<string>> {
    const consenting = new Set<string>();
    for (const ownerId of new Set(ownerIds)) {
      if ((await this.ledger.subjectStatus(ownerId)).recording) consenting.add(ownerId);
    }
    return consenting;
  }
}

declare module '../../lib/repositories.ts' {
  interface Repositories {
    voices: VoiceRepository;
  }
}

export const voicesRepository = defineDatabaseRepository(
  'voices',
  (db, { consent }) => new VoiceRepository(db, consent),
);
