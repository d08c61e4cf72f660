// Sync-storm checks: nothing lost and nothing stored twice, checked through the API and in the database.
// Audio is fetched as admin while the server runs; rows are read from the database once it has stopped.
import crypto from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { openDatabase } from '../../server/db/driver.ts';
import {
  consentEvents,
  idempotencyKeys,
  recordings,
  translationPairs,
  translationProposals,
} from '../../server/db/schema.ts';
import type { PhoneAccount, PhoneOutcome, PhonePlan } from './phone.ts';

export interface Check {
  name: string;
  expected: number;
  found: number;
  ok: boolean;
  /** The first few problems, to look at. */
  problems: string[];
}

export interface PlannedPhone {
  account: PhoneAccount;
  plan: PhonePlan;
}

const MAX_PROBLEMS = 5;

function check(name: string, expected: number, found: number, problems: string[]): Check {
  return {
    name,
    expected,
    found,
    ok: found === expected && problems.length === 0,
    problems: problems.slice(0, MAX_PROBLEMS),
  };
}

/**
 * Downloads every planned recording as admin and compares the SHA-256 of the bytes the server serves. With
 * several servers (one API base each) a phone's recordings are fetched from the server after its own, so each
 * recording is read through a server that did not receive it (phones go to servers round-robin).
 */
export async function checkAudioThroughApi(
  apiBases: string | readonly string[],
  adminToken: string,
  phones: readonly PlannedPhone[],
  concurrency = 4,
): Promise<Check[]> {
  const planned = phones.flatMap((phone) =>
    phone.plan.recordings.map((recording) => ({ ...recording, phone: phone.account.index })),
  );
  const bases = typeof apiBases === 'string' ? [apiBases] : apiBases;
  const apiBase = bases[0]!;
  const problems: string[] = [];
  let matching = 0;
  let next = 0;
  const headers = { Authorization: `Bearer ${adminToken}` };
  const worker = async () => {
    while (next < planned.length) {
      const recording = planned[next++]!;
      try {
        const base = bases[(recording.phone + 1) % bases.length]!;
        const response = await fetch(`${base}/audio/recordings/${recording.id}/audio`, {
          headers,
          signal: AbortSignal.timeout(60_000),
        });
        if (!response.ok) {
          problems.push(
            `phone ${recording.phone} recording ${recording.id}: audio answered ${response.status}`,
          );
          await response.body?.cancel();
          continue;
        }
        const bytes = Buffer.from(await response.arrayBuffer());
        const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
        if (sha256 === recording.sha256) matching += 1;
        else problems.push(`phone ${recording.phone} recording ${recording.id}: served bytes hash ${sha256}`);
      } catch (error) {
        problems.push(`phone ${recording.phone} recording ${recording.id}: ${String(error)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));

  const listed = await fetch(`${apiBase}/audio/recordings?all=true&limit=1`, { headers });
  const total = listed.ok ? ((await listed.json()) as { total: number }).total : -1;
  return [
    check('audio served with the right sha256 (API)', planned.length, matching, problems),
    check(
      'recordings listed for admin (API)',
      planned.length,
      total,
      listed.ok ? [] : [`list answered ${listed.status}`],
    ),
  ];
}

/**
 * Opens the database (the PGlite folder, or the PostgreSQL URL) after the server stopped and checks each
 * phone: every edit applied exactly once (one proposal of the phone's text by its contributor, the pair at
 * version 2 with its approved text untouched: a contributor's edit waits for community review), both
 * consent changes recorded once and in order, every recording stored once with its checksum and size, and every
 * outbox entry's Idempotency-Key stored with a success.
 */
export async function checkDatabase(
  location: { pgliteDir: string } | { databaseUrl: string },
  phones: readonly PlannedPhone[],
): Promise<Check[]> {
  const database = await openDatabase(location);
  try {
    const { db } = database;
    const userIds = phones.map((phone) => phone.account.userId);
    const pairIds = phones.flatMap((phone) => phone.plan.edits.map((edit) => edit.pairId));
    const chunks = <T>(items: readonly T[], size = 1000): T[][] =>
      Array.from({ length: Math.ceil(items.length / size) }, (_, index) =>
        items.slice(index * size, index * size + size),
      );
    const select = async <Id, Row>(ids: readonly Id[], query: (part: Id[]) => Promise<Row[]>) =>
      (await Promise.all(chunks(ids).map(query))).flat();

    const proposalRows = await select(pairIds, (part) =>
      db
        .select({
          pairId: translationProposals.pairId,
          authorId: translationProposals.authorId,
          text: translationProposals.text,
          state: translationProposals.state,
          pairVersion: translationProposals.pairVersion,
        })
        .from(translationProposals)
        .where(inArray(translationProposals.pairId, part)),
    );
    const pairRows = await select(pairIds, (part) =>
      db
        .select({
          id: translationPairs.id,
          lopit: translationPairs.lopit,
          version: translationPairs.version,
        })
        .from(translationPairs)
        .where(inArray(translationPairs.id, part)),
    );
    const consentRows = await select(userIds, (part) =>
      db
        .select({
          id: consentEvents.id,
          userId: consentEvents.userId,
          action: consentEvents.action,
          consentType: consentEvents.consentType,
        })
        .from(consentEvents)
        .where(inArray(consentEvents.userId, part)),
    );
    const recordingRows = await select(userIds, (part) =>
      db
        .select({
          id: recordings.id,
          ownerId: recordings.ownerId,
          sha256: recordings.sha256,
          sizeBytes: recordings.sizeBytes,
          durationSeconds: recordings.durationSeconds,
        })
        .from(recordings)
        .where(inArray(recordings.ownerId, part)),
    );
    const keyRows = await select(userIds, (part) =>
      db
        .select({
          userId: idempotencyKeys.userId,
          key: idempotencyKeys.key,
          responseStatus: idempotencyKeys.responseStatus,
        })
        .from(idempotencyKeys)
        .where(inArray(idempotencyKeys.userId, part)),
    );
    const totalRecordings = (await db.select({ id: recordings.id }).from(recordings)).length;

    const group = <Row, Key>(rows: readonly Row[], key: (row: Row) => Key) => {
      const map = new Map<Key, Row[]>();
      for (const row of rows) map.set(key(row), [...(map.get(key(row)) ?? []), row]);
      return map;
    };
    const proposalsByPair = group(proposalRows, (row) => row.pairId);
    const pairsById = new Map(pairRows.map((row) => [row.id, row]));
    const consentsByUser = group(consentRows, (row) => row.userId);
    const recordingsByOwner = group(recordingRows, (row) => row.ownerId);
    const keysByUser = group(keyRows, (row) => row.userId);

    const editProblems: string[] = [];
    const pairProblems: string[] = [];
    const consentProblems: string[] = [];
    const recordingProblems: string[] = [];
    const keyProblems: string[] = [];
    let editsOnce = 0;
    let pairsRight = 0;
    let consentsRight = 0;
    let recordingsRight = 0;
    let keysRight = 0;
    for (const { account, plan } of phones) {
      for (const edit of plan.edits) {
        const proposals = proposalsByPair.get(edit.pairId) ?? [];
        const mine = proposals.filter(
          (row) =>
            row.authorId === account.userId &&
            row.text === edit.translation &&
            row.state === 'proposed' &&
            row.pairVersion === 2,
        );
        if (proposals.length === 1 && mine.length === 1) editsOnce += 1;
        else
          editProblems.push(
            `phone ${account.index} pair ${edit.pairId}: ${proposals.length} proposals, ${mine.length} of them this edit`,
          );
        const pair = pairsById.get(edit.pairId);
        if (pair && pair.lopit === '' && pair.version === 2) pairsRight += 1;
        else
          pairProblems.push(
            `phone ${account.index} pair ${edit.pairId}: ${pair ? `version ${pair.version}, text “${pair.lopit}”` : 'missing'}`,
          );
      }
      const consents = (consentsByUser.get(account.userId) ?? []).sort((a, b) => a.id - b.id);
      const expected = plan.consents.map((consent) => `grant ${consent.consentType}`).join(', ');
      const found = consents.map((row) => `${row.action} ${row.consentType}`).join(', ');
      consentsRight += consents.length;
      if (found !== expected)
        consentProblems.push(`phone ${account.index}: ledger [${found}], expected [${expected}]`);
      const stored = recordingsByOwner.get(account.userId) ?? [];
      recordingsRight += stored.filter((row) =>
        plan.recordings.some(
          (recording) =>
            recording.id === row.id &&
            recording.sha256 === row.sha256 &&
            recording.sizeBytes === row.sizeBytes,
        ),
      ).length;
      if (stored.length !== plan.recordings.length)
        recordingProblems.push(
          `phone ${account.index}: ${stored.length} recordings stored, ${plan.recordings.length} queued`,
        );
      for (const recording of plan.recordings) {
        const row = stored.find((candidate) => candidate.id === recording.id);
        if (!row) recordingProblems.push(`phone ${account.index}: recording ${recording.id} missing`);
        else if (row.sha256 !== recording.sha256 || row.sizeBytes !== recording.sizeBytes)
          recordingProblems.push(
            `phone ${account.index}: recording ${recording.id} stored with sha256 ${row.sha256}, ${row.sizeBytes} bytes`,
          );
        else if (Math.abs(row.durationSeconds - 60) > 1)
          recordingProblems.push(
            `phone ${account.index}: recording ${recording.id} measured ${row.durationSeconds} s`,
          );
      }
      const keys = keysByUser.get(account.userId) ?? [];
      const entryIds = [...plan.edits, ...plan.consents].map((entry) => entry.entryId);
      for (const entryId of entryIds) {
        const key = keys.find((row) => row.key === entryId);
        if (key && key.responseStatus === 200) keysRight += 1;
        else
          keyProblems.push(
            `phone ${account.index}: key ${entryId} ${key ? `stored with status ${key.responseStatus}` : 'missing'}`,
          );
      }
      if (keys.length !== entryIds.length)
        keyProblems.push(`phone ${account.index}: ${keys.length} keys stored for ${entryIds.length} entries`);
    }
    const plannedEdits = phones.reduce((sum, phone) => sum + phone.plan.edits.length, 0);
    const plannedConsents = phones.reduce((sum, phone) => sum + phone.plan.consents.length, 0);
    const plannedRecordings = phones.reduce((sum, phone) => sum + phone.plan.recordings.length, 0);
    return [
      check('edits applied exactly once (proposals)', plannedEdits, editsOnce, editProblems),
      check('proposal rows on the edited pairs', plannedEdits, proposalRows.length, []),
      check('pairs at version 2, approved text untouched', plannedEdits, pairsRight, pairProblems),
      check('consent rows (ledger, in order)', plannedConsents, consentsRight, consentProblems),
      check(
        'recordings stored once with the right sha256',
        plannedRecordings,
        recordingsRight,
        recordingProblems,
      ),
      check('recording rows in the whole database', plannedRecordings, totalRecordings, []),
      check('Idempotency-Keys stored with 200', plannedEdits + plannedConsents, keysRight, keyProblems),
    ];
  } finally {
    await database.close();
  }
}

/** Every phone ended with nothing waiting or refused; the first few that did not, and why. */
export function checkPhones(outcomes: readonly PhoneOutcome[], phoneCount: number): Check {
  const complete = outcomes.filter((outcome) => outcome.doneMs !== null).length;
  return {
    name: 'phones with nothing left waiting or refused',
    expected: phoneCount,
    found: complete,
    ok: complete === phoneCount,
    problems: outcomes
      .filter((outcome) => outcome.doneMs === null)
      .slice(0, 5)
      .map(
        (outcome) =>
          `phone ${outcome.index}: ${outcome.confirmedEntries} entries confirmed, ${outcome.storedRecordings} recordings stored, last error ${outcome.lastError ?? 'none'}`,
      ),
  };
}
