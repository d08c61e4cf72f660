// SQL for field speakers (issue 16): the speakers a contributor added, their consent events in the one ledger
// (consent_events.speaker_id) with what shows each grant (consent_evidence), and their withdrawal.
import crypto from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { CONSENT_FORM_VERSION, statusAfter } from '../../../core/api/consent.ts';
import type { ConsentEvidence, ConsentEvidenceKind, Speaker } from '../../../core/api/speakers.ts';
import type { AgeGroup, Gender } from '../../../core/api/auth.ts';
import type { ConsentType } from '../../../core/constants.ts';
import { rowsOf } from '../../db/migrate.ts';
import type { DbOrTx } from '../../db/driver.ts';
import { consentEvents, consentEvidence, recordings, speakers, users } from '../../db/schema.ts';
import { defineRepository } from '../../lib/repositories.ts';
import { ConsentRepository } from '../consent/consent.repository.ts';

export type SpeakerRow = typeof speakers.$inferSelect;

export interface NewSpeaker {
  id: string;
  name: string;
  ageGroup: AgeGroup | null;
  gender: Gender | null;
  dialect: string | null;
  addedAt: Date | null;
}

/** A random pseudonym for exports and dashboards: nothing in it comes from the speaker or who added them. */
export const newPseudonym = () => `F-${crypto.randomBytes(5).toString('hex')}`;

export class SpeakersRepository {
  constructor(private readonly db: DbOrTx) {}

  /** Adds a speaker under the phone's id; `created: false` when that id is already stored. */
  async create(speaker: NewSpeaker, addedBy: string): Promise<{ row: SpeakerRow; created: boolean }> {
    const [inserted] = await this.db
      .insert(speakers)
      .values({ ...speaker, addedBy, pseudonym: newPseudonym() })
      .onConflictDoNothing({ target: speakers.id })
      .returning();
    if (inserted) return { row: inserted, created: true };
    const existing = await this.find(speaker.id);
    if (!existing) throw new Error('speaker vanished after a conflicting insert');
    return { row: existing, created: false };
  }

  async find(id: string): Promise<SpeakerRow | null> {
    const [row] = await this.db.select().from(speakers).where(eq(speakers.id, id));
    return row ?? null;
  }

  /**
   * Records a speaker's consent (grant) under the phone's id. `created: false` when it was already recorded;
   * null when that id names an event of another subject (a clash on purpose).
   */
  async grant(
    speakerId: string,
    clientId: string,
    consentType: ConsentType,
    recordedBy: string,
    /** When it was recorded on the phone (plausibleRecordedAt's verdict), null when unknown. */
    occurredAt: Date | null = null,
  ): Promise<{ eventId: number; created: boolean } | null> {
    const [inserted] = await this.db
      .insert(consentEvents)
      .values({
        speakerId,
        clientId,
        action: 'grant',
        consentType,
        formVersion: CONSENT_FORM_VERSION,
        recordedBy,
        occurredAt,
      })
      .onConflictDoNothing({ target: consentEvents.clientId })
      .returning({ id: consentEvents.id });
    if (inserted) return { eventId: inserted.id, created: true };
    const [existing] = await this.db
      .select({ id: consentEvents.id, speakerId: consentEvents.speakerId })
      .from(consentEvents)
      .where(eq(consentEvents.clientId, clientId));
    return existing && existing.speakerId === speakerId ? { eventId: existing.id, created: false } : null;
  }

  /** The speaker's consent event recorded under the phone's id, or null. */
  async consentEvent(speakerId: string, clientId: string): Promise<number | null> {
    const [row] = await this.db
      .select({ id: consentEvents.id })
      .from(consentEvents)
      .where(and(eq(consentEvents.clientId, clientId), eq(consentEvents.speakerId, speakerId)));
    return row?.id ?? null;
  }

  /** Keeps what shows a consent; `false` when this kind was already kept for it. */
  async addEvidence(
    consentEventId: number,
    evidence: { kind: ConsentEvidenceKind; mimeType: string; sizeBytes: number; sha256: string },
  ): Promise<boolean> {
    const inserted = await this.db
      .insert(consentEvidence)
      .values({ consentEventId, ...evidence })
      .onConflictDoNothing()
      .returning({ id: consentEvidence.id });
    return inserted.length > 0;
  }

  /** The speaker withdrew: a withdrawal event, recorded by the contributor who added them or an admin. */
  async withdraw(
    speakerId: string,
    recordedBy: string,
    reason: string | null,
    occurredAt: Date | null = null,
  ): Promise<void> {
    await this.db.insert(consentEvents).values({
      speakerId,
      action: 'withdraw',
      consentType: 'full',
      formVersion: CONSENT_FORM_VERSION,
      recordedBy,
      reason,
      occurredAt,
    });
  }

  /** One kept piece of evidence of a speaker's consent (admins open it). */
  async evidence(speakerId: string, evidenceId: number) {
    const [row] = await this.db
      .select({
        sha256: consentEvidence.sha256,
        mimeType: consentEvidence.mimeType,
        kind: consentEvidence.kind,
      })
      .from(consentEvidence)
      .innerJoin(consentEvents, eq(consentEvents.id, consentEvidence.consentEventId))
      .where(and(eq(consentEvidence.id, evidenceId), eq(consentEvents.speakerId, speakerId)));
    return row ?? null;
  }

  /** Whether any kept evidence still names this file (before deleting it). */
  async evidenceUsesFile(sha256: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: consentEvidence.id })
      .from(consentEvidence)
      .where(eq(consentEvidence.sha256, sha256))
      .limit(1);
    return row !== undefined;
  }

  /** Speakers as the API shows them: `addedBy` null lists everyone's (admins), with who added each. */
  async list(addedBy: string | null, ids?: readonly string[]): Promise<Speaker[]> {
    const conditions = [
      addedBy ? eq(speakers.addedBy, addedBy) : undefined,
      ids
        ? inArray(speakers.id, ids.length > 0 ? [...ids] : ['00000000-0000-0000-0000-000000000000'])
        : undefined,
    ];
    const rows = await this.db
      .select({ speaker: speakers, adderName: users.name })
      .from(speakers)
      .leftJoin(users, eq(users.id, speakers.addedBy))
      .where(and(...conditions))
      .orderBy(desc(speakers.createdAt), asc(speakers.id));
    if (rows.length === 0) return [];
    const speakerIds = rows.map((row) => row.speaker.id);
    const latest = await new ConsentRepository(this.db).speakerEvents(speakerIds);
    const evidence = await this.db
      .select({
        id: consentEvidence.id,
        kind: consentEvidence.kind,
        mimeType: consentEvidence.mimeType,
        sizeBytes: consentEvidence.sizeBytes,
        createdAt: consentEvidence.createdAt,
        speakerId: consentEvents.speakerId,
      })
      .from(consentEvidence)
      .innerJoin(consentEvents, eq(consentEvents.id, consentEvidence.consentEventId))
      .where(inArray(consentEvents.speakerId, speakerIds))
      .orderBy(asc(consentEvidence.id));
    const evidenceBy = new Map<string, ConsentEvidence[]>();
    for (const { speakerId, createdAt, ...item } of evidence) {
      const list = evidenceBy.get(speakerId!) ?? [];
      list.push({ ...item, createdAt: createdAt.toISOString() });
      evidenceBy.set(speakerId!, list);
    }
    const clipCounts = new Map(
      rowsOf<{ speaker_id: string; clips: number }>(
        await this.db.execute(sql`select speaker_id, count(*)::int as clips from ${recordings}
          where speaker_id in (${sql.join(
            speakerIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )}) group by speaker_id`),
      ).map((row) => [row.speaker_id, Number(row.clips)]),
    );
    return rows.map(({ speaker, adderName }) => {
      const event = latest.get(speaker.id);
      return {
        id: speaker.id,
        name: speaker.name,
        pseudonym: speaker.pseudonym,
        ageGroup: speaker.ageGroup as AgeGroup | null,
        gender: speaker.gender as Gender | null,
        dialect: speaker.dialect,
        createdAt: speaker.createdAt.toISOString(),
        addedAt: speaker.addedAt?.toISOString() ?? null,
        consent: statusAfter(event),
        withdrawn: event?.action === 'withdraw',
        clips: clipCounts.get(speaker.id) ?? 0,
        evidence: evidenceBy.get(speaker.id) ?? [],
        addedBy: addedBy || !speaker.addedBy ? null : { id: speaker.addedBy, name: adderName ?? '' },
      };
    });
  }

  async one(id: string): Promise<Speaker | null> {
    const [speaker] = await this.list(null, [id]);
    return speaker ?? null;
  }
}

declare module '../../lib/repositories.ts' {
  interface TransactionRepositories {
    speakers: SpeakersRepository;
  }
}

export const speakersRepository = defineRepository('speakers', (db) => new SpeakersRepository(db));
