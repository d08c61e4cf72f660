// SQL for the append-only consent ledger.
import { desc, eq } from 'drizzle-orm';
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

  /** The effect of the ledger (core's statusAfter): the newest row decides. */
  async status(userId: string): Promise<ConsentStatus> {
    const [latest] = await this.db
      .select()
      .from(consentEvents)
      .where(eq(consentEvents.userId, userId))
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
