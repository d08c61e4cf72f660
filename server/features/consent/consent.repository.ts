// SQL for the append-only consent ledger: accounts' events and field speakers' (issue 16), one rule for both.
import { desc, eq, or, type SQL } from 'drizzle-orm';
import { statusAfter, type ConsentStatus } from '../../../core/api/consent.ts';
import type { ConsentType } from '../../../core/constants.ts';
import type { DbOrTx } from '../../db/driver.ts';
import { consentEvents } from '../../db/schema.ts';

export class ConsentRepository {
  /** `db` may be a transaction (an idempotent request runs its effect on one). */
  constructor(private readonly db: DbOrTx) {}

  async append(
    userId: string,
    action: 'grant' | 'withdraw',
    consentType: ConsentType,
    formVersion: string,
  ): Promise<void> {
    await this.db.insert(consentEvents).values({ userId, action, consentType, formVersion });
  }

  /** The effect of an account's ledger (core's statusAfter): the newest row decides. */
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

  private async statusWhere(subject: SQL): Promise<ConsentStatus> {
    const [latest] = await this.db
      .select()
      .from(consentEvents)
      .where(subject)
      .orderBy(desc(consentEvents.id))
      .limit(1);
    return statusAfter(
      latest && {
        action: latest.action,
        consentType: latest.consentType,
        formVersion: latest.formVersion,
        at: latest.createdAt.toISOString(),
      },
    );
  }
}
