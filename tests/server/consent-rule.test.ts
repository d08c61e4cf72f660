// The consent rule is one rule: on any history of grants and withdrawals (times that tie or run backwards
// included), the server's SQL (consent-sql.ts currentConsents, read by the status answer, the upload gate, the
// speakers list and every export, training and review query through consentingUsers) gives each account and field
// speaker the status core's consentStatusOf gives the phone.
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONSENT_SCOPES,
  consentStatusOf,
  type ConsentStatus,
  type PlacedConsentEvent,
} from '../../core/api/consent.ts';
import { CONSENT_TYPES } from '../../core/constants.ts';
import { rowsOf } from '../../server/db/migrate.ts';
import { consentEvents } from '../../server/db/schema.ts';
import { consentingUsers } from '../../server/features/consent/consent-sql.ts';
import { createTestApp, DATABASE_KINDS, signUp, type TestApp } from './test-app.ts';

/** Three times a minute apart: a history of several events is sure to hold equal and backward times. */
const TIMES = ['2026-11-25T08:00:00.000Z', '2026-11-25T08:01:00.000Z', '2026-11-25T08:02:00.000Z'];

const historyArbitrary = (subjects: number) =>
  fc.array(
    fc.record({
      subject: fc.nat({ max: subjects - 1 }),
      action: fc.constantFrom('grant' as const, 'withdraw' as const),
      consentType: fc.constantFrom(...CONSENT_TYPES),
      formVersion: fc.constantFrom('v-a', 'v-b'),
      at: fc.constantFrom(...TIMES),
    }),
    { maxLength: 14 },
  );

describe.each(DATABASE_KINDS)('the consent rule on %s', (kind) => {
  let t: TestApp;
  /** Accounts first, then field speakers: each history event names one of them. */
  const subjects: { id: string; speaker: boolean }[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind);
    const adder = await signUp(t.app);
    for (let i = 0; i < 2; i += 1) subjects.push({ id: (await signUp(t.app)).user.id, speaker: false });
    subjects.push({ id: adder.user.id, speaker: false });
    for (let i = 0; i < 3; i += 1) {
      const id = crypto.randomUUID();
      await t.app.repositories.speakers.create(
        { id, name: `Speaker ${i}`, ageGroup: null, gender: null, dialect: null, addedAt: null },
        adder.user.id,
      );
      subjects.push({ id, speaker: true });
    }
  });
  afterAll(() => t.close());

  it('gives every account and speaker the status core gives the same history', async () => {
    const db = t.database.db;
    const { consent, speakers } = t.app.repositories;
    await fc.assert(
      fc.asyncProperty(historyArbitrary(subjects.length), async (history) => {
        await db.delete(consentEvents);
        const ledgers = new Map<string, PlacedConsentEvent[]>(subjects.map(({ id }) => [id, []]));
        for (const event of history) {
          const subject = subjects[event.subject]!;
          const [row] = await db
            .insert(consentEvents)
            .values({
              ...(subject.speaker ? { speakerId: subject.id } : { userId: subject.id }),
              action: event.action,
              consentType: event.consentType,
              formVersion: event.formVersion,
              createdAt: new Date(event.at),
            })
            .returning({ id: consentEvents.id });
          ledgers.get(subject.id)!.push({ ...event, seq: row!.id });
        }
        const expected = new Map<string, ConsentStatus>(
          [...ledgers].map(([id, events]) => [id, consentStatusOf(events)]),
        );

        for (const subject of subjects) {
          const want = expected.get(subject.id);
          expect(await consent.subjectStatus(subject.id)).toStrictEqual(want);
          expect(
            await (subject.speaker ? consent.speakerStatus(subject.id) : consent.status(subject.id)),
          ).toStrictEqual(want);
        }
        const listed = await speakers.list(
          null,
          subjects.filter((s) => s.speaker).map((s) => s.id),
        );
        for (const speaker of listed) expect(speaker.consent).toStrictEqual(expected.get(speaker.id));

        // The condition every export, training and review query adds: who consents to each scope.
        for (const scope of CONSENT_SCOPES) {
          const rows = rowsOf<{ subject_id: string }>(
            await db.execute(sql`select subject_id from ${consentingUsers(scope)} consenting`),
          );
          const want = [...expected].filter(([, status]) => status[scope]).map(([id]) => id);
          expect(rows.map((row) => row.subject_id).sort()).toEqual(want.sort());
        }
      }),
      { numRuns: 60 },
    );
  });

  it('decides by the ledger order, not by time: an older-dated withdrawal placed last still ends a grant', () => {
    const [late, early] = [TIMES[2]!, TIMES[0]!];
    const events: PlacedConsentEvent[] = [
      { action: 'grant', consentType: 'full', formVersion: 'v-a', at: late, seq: 1 },
      { action: 'withdraw', consentType: 'full', formVersion: 'v-a', at: early, seq: 2 },
    ];
    expect(consentStatusOf(events)).toMatchObject({ recording: false, translation: false });
    expect(consentStatusOf([...events].reverse())).toMatchObject({ recording: false, translation: false });
  });
});
