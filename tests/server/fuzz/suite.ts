// The fuzz tier, once per database (fuzz.test.ts on PGlite, fuzz-postgres.test.ts on PostgreSQL, so two Vitest
// workers run them side by side): every route in app.routeTable gets fast-check-generated bad input (from its zod
// schemas) as visitor, contributor, admin and worker; no 5xx, errors as JSON { message, code?, details? }, and
// rejected requests leave database and files unchanged.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, IDENTITIES, visible, type Identity } from './cases.ts';
import { formBody } from './protocol-cases.ts';
import { httpRequest, rawExchange } from './raw-socket.ts';
import { routeModel } from './route-model.ts';
import { formatGroups, Fuzzer, groupFailures } from './runner.ts';
import { createTestApp, DATABASE_KINDS, type DatabaseKind, type TestApp } from '../test-app.ts';

/** Fixed unless FUZZ_SEED says otherwise; FUZZ_ROUTE picks routes. */
const SEED = envInteger('FUZZ_SEED') ?? 20_261_107;
const ROUTE_FILTER = process.env.FUZZ_ROUTE;
/**
 * The requests `npm test` sends per database, shared evenly by every route and identity, each of which still
 * gets one request of every kind of bad input it takes (fuzz/cases.ts, draftOfEachFamily) and at least
 * MIN_RUNS; the suite's time stays the same as routes are added. FUZZ_RUNS sets the runs per route and identity
 * instead, for the longer run of `npm run fuzz:long` (scripts/fuzz-long.ts).
 */
const REQUEST_BUDGET = 3_000;
const MIN_RUNS = 6;
const RUNS = envInteger('FUZZ_RUNS');

function envInteger(name: string): number | undefined {
  const text = process.env[name];
  if (text === undefined || text === '') return undefined;
  if (!/^-?\d{1,10}$/.test(text))
    throw new Error(`${name} must be a whole number, not ${JSON.stringify(text)}`);
  return Number(text);
}

const NO_RATE_LIMITS = {
  AUTH_RATE_LIMIT_PER_IP_PER_MINUTE: '100000',
  AUTH_RATE_LIMIT_PER_MINUTE: '100000',
  PUBLIC_RATE_LIMIT_PER_MINUTE: '100000',
  AUTH_RATE_LIMIT_PER_ACCOUNT_PER_MINUTE: '100000',
};

/** The fuzz tier on one kind of database (skipped where that kind is not configured). */
export function fuzzSuite(kind: DatabaseKind): void {
  describe.skipIf(!DATABASE_KINDS.includes(kind))(`fuzz on ${kind}`, () => {
    let t: TestApp;
    let dataDir: string;
    let fuzzer: Fuzzer;

    beforeAll(async () => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lopit-fuzz-'));
      t = await createTestApp(kind, { DATA_DIR: dataDir, ...NO_RATE_LIMITS });
      const pairs = routes().length * IDENTITIES.length;
      const runsPerRoute = RUNS ?? Math.max(MIN_RUNS, Math.floor(REQUEST_BUDGET / Math.max(1, pairs)));
      fuzzer = new Fuzzer(t, { seed: SEED, runsPerRoute, acceptedBudget: 4, answerTimeoutMs: 10_000 });
      await fuzzer.signIn();
    });
    afterAll(async () => {
      await t?.close();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    });

    const routes = () =>
      t.app.routeTable.map(routeModel).filter((route) => !ROUTE_FILTER || route.key.includes(ROUTE_FILTER));

    it(
      'every route refuses bad input with a 4xx JSON error, never a 5xx, and rejected input changes nothing',
      async () => {
        const all = routes();
        expect(all.length).toBeGreaterThan(0);
        const perRoute = new Map<string, number>();
        fuzzer.startClock();
        try {
          for (const route of all) {
            const before = fuzzer.requests;
            for (const identity of IDENTITIES) await fuzzer.fuzz(route, identity);
            perRoute.set(route.key, fuzzer.requests - before);
          }
        } finally {
          fuzzer.stopClock();
          console.log(
            `fuzz: ${fuzzer.requests} requests, event loop max delay ${Math.round(fuzzer.longestHold.ms)} ms (${kind})` +
              ` [during ${visible(fuzzer.longestHold.what, 160)}; ${all.length} routes,` +
              ` ${fuzzer.options.runsPerRoute} runs per route and identity,` +
              ` ${fuzzer.acceptedAnswers} accepted, ${fuzzer.skipped} skipped, seed ${SEED}]`,
          );
        }
        // A new route is fuzzed without anyone adding it: every route of the table got requests.
        expect([...perRoute].filter(([, sent]) => sent === 0).map(([key]) => key)).toEqual([]);
        const groups = groupFailures(fuzzer.failures);
        if (groups.length > 0) console.log(`fuzz failures (${kind}):\n\n${formatGroups(groups, SEED)}`);
        expect(
          groups.map(
            (group) =>
              `${group.title} [${group.identities.join(', ')}] ${group.labels.slice(0, 3).join(' | ')}`,
          ),
        ).toEqual([]);
        // npm test's budget takes about 35 s on a quiet machine and went past five minutes at load 18: the
        // timeout is for a hang; a longer run takes what it takes.
      },
      RUNS === undefined ? 900_000 : 86_400_000,
    );

    it('answers a multipart body cut short (no closing boundary) on a real socket, on every route that reads a body', async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const address = t.app.server.address();
      if (!address || typeof address === 'string') throw new Error('not listening');
      const boundary = '----fuzztruncated0123456789';
      const body = formBody(
        boundary,
        [
          { name: 'metadata', value: '{}' },
          {
            name: 'file',
            value: Buffer.from('RIFF\u0000\u0001garbage'),
            fileName: 'cut.wav',
            type: 'audio/wav',
          },
        ],
        false,
      );
      const identities: Identity[] = ['contributor', 'admin'];
      const targets = routes().filter((route) => route.readsBody);
      const answers = await Promise.all(
        targets.flatMap((route) =>
          identities.map(async (identity) => {
            const authorization = fuzzer.authorization(identity);
            const request = httpRequest(
              route.method,
              baseUrl(route),
              {
                'Content-Type': `multipart/form-data; boundary=${boundary}`,
                ...(authorization ? { Authorization: authorization } : {}),
              },
              body,
            );
            const answer = await rawExchange(address.port, request, 8_000);
            return { route: route.key, identity, answer };
          }),
        ),
      );
      const wrong = answers
        .filter(({ answer }) => {
          if (answer.timedOut || answer.status === null || answer.status >= 500) return true;
          if (answer.status < 400) return false;
          try {
            const parsed = JSON.parse(answer.body) as { message?: unknown };
            return typeof parsed.message !== 'string' || parsed.message === '';
          } catch {
            return true;
          }
        })
        .map(({ route, identity, answer }) =>
          answer.timedOut
            ? `${route} [${identity}]: no answer within 8 s`
            : `${route} [${identity}]: ${answer.status} ${answer.body.slice(0, 200)}`,
        );
      if (wrong.length > 0) console.log(`truncated multipart on a socket (${kind}):\n${wrong.join('\n')}`);
      expect(wrong).toEqual([]);
    }, 60_000);
  });
}
