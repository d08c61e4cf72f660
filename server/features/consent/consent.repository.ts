// SQL for the append-only consent ledger: accounts' events and field speakers' (issue 16), one rule for both.
import { eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { statusAfter, type ConsentStatus, type PlacedConsentEvent } from '../../../core/api/consent.ts';
import type { ConsentType } from '../../../core/constants.ts';
import type { DbOrTx } from '../../db/driver.ts';
import { rowsOf } from '../../db/migrate.ts';
import { consentEvents } from '../../db/schema.ts';
import { defineRepository } from '../../lib/repositories.ts';
import { currentConsents } from './consent-sql.ts';

export class ConsentRepository {
  /** `db` may be a transaction (an idempotent request runs its effect on one). */
  constructor(private readonly db: DbOrTx) {}

  /**
   * Appends an account's event and answers the status it leaves: the new row is the newest, so it decides
   * (one round trip instead of an insert and a read back, which counts when hundreds of phones replay consent).
   */
  async append(
    userId: string,
    action: 'grant' | 'withdraw',
    consentType: ConsentType,
    formVersion: string,
    /** When it happened on the phone (plausibleRecordedAt's verdict), null when unknown. */
    occurredAt: Date | null = null,
  ): Promise<ConsentStatus> {
    const [row] = await this.db
      .insert(consentEvents)
      .values({ userId, action, consentType, formVersion, occurredAt })
      .returning();
    return toStatus(row);
  }

  /** The effect of an account's ledger (currentConsents: the newest row decides). */
  status(userId: string): Promise<ConsentStatus> {
    return this.statusWhere(eq(consentEvents.userId, userId));
  }

  /** The same for a field speaker. */
  speakerStatus(speakerId: string): Promise<ConsentStatus> {
    return this.statusWhere(eq(consentEvents.speakerId, speakerId));
  }

  /** The status of whoever this id names: an account or a field speaker (their ids are UUIDs apart). */
  subjectStatus(subjectId: string): Promise<ConsentStatus> {
    return this.statusWhere(or(eq(consentEvents.userId, subjectId), eq(consentEvents.speakerId, subjectId))!);
  }

  /** The consent that governs a clip: its field speaker's, else its owner's. */
  clipStatus(clip: { ownerId: string; speakerId: string | null }): Promise<ConsentStatus> {
    return clip.speakerId ? this.speakerStatus(clip.speakerId) : this.status(clip.ownerId);
  }

  /** The newest event of each of these field speakers that has one (the rule of currentConsents). */
  speakerEvents(speakerIds: readonly string[]): Promise<Map<string, PlacedConsentEvent>> {
    if (speakerIds.length === 0) return Promise.resolve(new Map<string, PlacedConsentEvent>());
    return this.current(inArray(consentEvents.speakerId, [...speakerIds]));
  }

  private async statusWhere(subject: SQL): Promise<ConsentStatus> {
    const [event] = (await this.current(subject)).values();
    return statusAfter(event);
  }

  /** Each subject's newest event among the ledger rows `where` picks, by subject id. */
  private async current(where: SQL): Promise<Map<string, PlacedConsentEvent>> {
    const rows = rowsOf<{
      subject_id: string;
      id: number | string;
      action: PlacedConsentEvent['action'];
      consent_type: ConsentType;
      form_version: string;
      occurred_at: Date | string;
    }>(await this.db.execute(sql`select * from ${currentConsents(where)} latest`));
    return new Map(
      rows.map((row) => [
        row.subject_id,
        {
          seq: Number(row.id),
          action: row.action,
          consentType: row.consent_type,
          formVersion: row.form_version,
          at: new Date(row.occurred_at).toISOString(),
        },
      ]),
    );
  }
}

/** The status a new ledger row leaves (core's statusAfter). */
function toStatus(row: typeof consentEvents.$inferSelect | undefined): ConsentStatus {
  return statusAfter(
    row && {
      action: row.action,
      consentType: row.consentType,
      formVersion: row.formVersion,
      at: (row.occurredAt ?? row.createdAt).toISOString(),
    },
  );
}

declare module '../../lib/repositories.ts' {
  interface TransactionRepositories {
    consent: ConsentRepository;
  }
}

export const consentRepository = defineRepository('consent', (db) => new ConsentRepository(db));
