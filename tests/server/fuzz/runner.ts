// Runs the fuzz properties against one test app: signs in the identities, sends every generated request, checks each answer and the unchanged state, and collects failures grouped by route, input class and answer.
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import { ERROR_CODES } from '../../../core/api/errors.ts';
import { signUp, type TestApp } from '../test-app.ts';
import {
  describeRequest,
  draftArbitrary,
  draftOfEachFamily,
  toRequest,
  visible,
  type FuzzRequest,
  type Identity,
} from './cases.ts';
import { ABSENT_ID, IDENTITY_PASSWORD, type RouteModel } from './route-model.ts';
import { differences, StateProbe, type Snapshot } from './snapshot.ts';

/** The error shape of the API. */
const errorBodySchema = z.strictObject({
  message: z.string().min(1),
  code: z.string().optional(),
  details: z.unknown().optional(),
});

export interface Failure {
  problem: string;
  route: string;
  identity: Identity;
  label: string;
  status: number | null;
  code: string | undefined;
  input: string;
  answer: string;
}

export interface FuzzOptions {
  seed: number;
  /** Requests per route and identity: one of each kind of bad input the route takes (at least), then random. */
  runsPerRoute: number;
  /** Accepted answers (2xx/3xx) allowed per route and identity to inputs that may be valid; then only invalid ones. */
  acceptedBudget: number;
  /** An answer slower than this counts as none. */
  answerTimeoutMs: number;
}

interface Account {
  email: string;
  token: string;
}

const jsonOrNull = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
};

/** FUZZ_TRACE=1 prints every request and its status (with FUZZ_ROUTE, to follow one route). */
const TRACE = Boolean(process.env.FUZZ_TRACE);

/** A request slower than this counts against SLOW_BUDGET (a password hash, speech synthesis). */
const SLOW_MS = 100;
const SLOW_BUDGET = 3;

/** A seed per route and identity, so adding a route does not change what the others get. */
function seedFor(seed: number, key: string): number {
  let hash = seed | 0;
  for (let i = 0; i < key.length; i += 1) hash = Math.imul(hash ^ key.charCodeAt(i), 0x5bd1e995) | 0;
  return hash;
}

export class Fuzzer {
  readonly failures: Failure[] = [];
  requests = 0;
  skipped = 0;
  acceptedAnswers = 0;
  /** The request during which the event loop was held longest, and for how long (ms). */
  longestHold = { ms: 0, what: '' };
  private readonly loop: IntervalHistogram = monitorEventLoopDelay({ resolution: 1 });
  private readonly app: FastifyInstance;
  private readonly probe: StateProbe;
  private readonly accounts = new Map<Identity, Account>();

  constructor(
    private readonly t: TestApp,
    readonly options: FuzzOptions,
  ) {
    this.app = t.app;
    this.probe = new StateProbe(t.database, t.config.DATA_DIR);
  }

  /** Starts measuring how long each request holds the event loop (1 ms resolution). */
  startClock(): void {
    this.loop.enable();
  }

  stopClock(): void {
    this.loop.disable();
  }

  /** The first account is admin; the contributor gives full consent; the worker gets a token for every model type. */
  async signIn(): Promise<void> {
    const admin = await signUp(this.app, { password: IDENTITY_PASSWORD });
    if (admin.user.role !== 'admin') throw new Error('the first account should be admin');
    this.accounts.set('admin', { email: admin.user.email, token: admin.token });
    const contributor = await signUp(this.app, { password: IDENTITY_PASSWORD });
    this.accounts.set('contributor', { email: contributor.user.email, token: contributor.token });
    await this.restoreIdentities();
  }

  /** The Authorization header of an identity (none for the visitor). */
  authorization(identity: Identity): string | undefined {
    return this.bearer(identity);
  }

  private bearer(identity: Identity): string | undefined {
    const account = this.accounts.get(identity);
    return account ? `Bearer ${account.token}` : undefined;
  }

  private call(method: 'GET' | 'POST', url: string, identity: Identity | null, payload?: unknown) {
    const authorization = identity ? this.bearer(identity) : undefined;
    return this.app.inject({
      method,
      url,
      headers: authorization ? { authorization } : {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  }

  /** Signs the identities in again after an accepted request signed one out, withdrew consent or revoked a token. */
  async restoreIdentities(): Promise<void> {
    for (const identity of ['admin', 'contributor'] as const) {
      const account = this.accounts.get(identity);
      if (!account) continue;
      if ((await this.call('GET', '/api/auth/me', identity)).statusCode === 200) continue;
      const login = await this.call('POST', '/api/auth/login', null, {
        email: account.email,
        password: IDENTITY_PASSWORD,
      });
      if (login.statusCode !== 200)
        throw new Error(`${identity} cannot sign in again: ${login.statusCode} ${login.body}`);
      account.token = login.json<{ token: string }>().token;
    }
    const consent = await this.call('GET', '/api/consent/status', 'contributor');
    const status = consent.json<{ recording?: boolean; translation?: boolean }>();
    if (!status.recording || !status.translation) {
      const granted = await this.call('POST', '/api/consent/submit', 'contributor', { consent_type: 'full' });
      if (granted.statusCode !== 200)
        throw new Error(`consent failed: ${granted.statusCode} ${granted.body}`);
    }
    const worker = this.accounts.get('worker');
    const probe = worker
      ? await this.call('GET', `/api/training/worker/jobs/${ABSENT_ID}/dataset`, 'worker')
      : null;
    if (!probe || probe.statusCode === 401) {
      const created = await this.call('POST', '/api/training/workers', 'admin', {
        name: 'fuzz worker',
        model_types: ['asr', 'tts', 'mt'],
      });
      if (created.statusCode !== 201)
        throw new Error(`worker token failed: ${created.statusCode} ${created.body}`);
      this.accounts.set('worker', { email: '', token: created.json<{ token: string }>().token });
    }
  }

  private async send(request: FuzzRequest, identity: Identity): Promise<LightMyRequestResponse | 'timeout'> {
    const headers = { ...request.headers };
    const authorization = request.authorization !== undefined ? request.authorization : this.bearer(identity);
    if (authorization) headers.authorization = authorization;
    this.requests += 1;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), this.options.answerTimeoutMs);
    });
    try {
      return await Promise.race([
        this.app.inject({
          method: request.method as 'GET',
          url: request.url,
          headers,
          ...(request.payload !== undefined ? { payload: request.payload } : {}),
        }),
        timeout,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  private fail(
    route: RouteModel,
    identity: Identity,
    request: FuzzRequest,
    problem: string,
    answer: LightMyRequestResponse | null,
    code?: string,
  ) {
    this.failures.push({
      problem,
      route: route.key,
      identity,
      label: request.label,
      status: answer?.statusCode ?? null,
      code,
      input: describeRequest(request, identity),
      answer: answer
        ? visible(`${answer.statusCode} ${String(answer.headers['content-type'] ?? '')} ${answer.body}`, 500)
        : '(no answer)',
    });
  }

  /** Checks one answer; true when it was accepted (2xx or 3xx). */
  private check(
    route: RouteModel,
    identity: Identity,
    request: FuzzRequest,
    answer: LightMyRequestResponse | 'timeout',
  ): boolean {
    if (answer === 'timeout') {
      this.fail(route, identity, request, `no answer within ${this.options.answerTimeoutMs} ms`, null);
      return false;
    }
    const status = answer.statusCode;
    const body = jsonOrNull(answer.body);
    const code =
      body && typeof body === 'object' && 'code' in body && typeof body.code === 'string'
        ? body.code
        : undefined;
    if (status >= 500) this.fail(route, identity, request, 'server error (5xx)', answer, code);
    else if (status >= 400 && request.method !== 'HEAD') {
      const json = /^application\/json\b/.test(String(answer.headers['content-type'] ?? ''));
      if (!json || !errorBodySchema.safeParse(body).success)
        this.fail(
          route,
          identity,
          request,
          'error answer is not JSON { message, code?, details? }',
          answer,
          code,
        );
    }
    if (status < 400 && request.mustReject)
      this.fail(route, identity, request, 'accepted an input a right server refuses', answer, code);
    const emptyPayload = request.payload === undefined || request.payload.length === 0;
    if (status === 400 && code === ERROR_CODES.malformedBody && emptyPayload && request.emptyBodyAllowed)
      this.fail(
        route,
        identity,
        request,
        'refused an empty JSON body on a route that needs no body',
        answer,
        code,
      );
    return status < 400;
  }

  /** Runs the property of one route and identity; checks afterwards that rejected requests changed nothing. */
  async fuzz(route: RouteModel, identity: Identity): Promise<void> {
    const state = { baseline: await this.probe.take(), accepted: 0, slow: 0 };
    const culprits: string[] = [];
    const run = async (checkEach: boolean) => {
      const seed = seedFor(this.options.seed, `${route.key} ${identity}`);
      const requests = draftArbitrary(route).map((draft) => toRequest(route, draft));
      const examples = draftOfEachFamily(route, seed).map((draft): [FuzzRequest] => [
        toRequest(route, draft),
      ]);
      await fc.assert(
        fc.asyncProperty(requests, async (request) => {
          // Inputs a right server may accept (and would then work on: hash a password, synthesise speech) are
          // sent until a few were accepted or slow; inputs it must refuse are always sent.
          if (
            !request.mustReject &&
            (state.accepted >= this.options.acceptedBudget || state.slow >= SLOW_BUDGET)
          ) {
            this.skipped += 1;
            return;
          }
          const before: Snapshot | null = checkEach ? await this.probe.take() : null;
          const started = performance.now();
          this.loop.reset();
          const answer = await this.send(request, identity);
          const took = performance.now() - started;
          // The 1 ms timer fires late by as long as something held the loop; two turns of the loop let it fire.
          await new Promise((resolve) => setImmediate(resolve));
          await new Promise((resolve) => setImmediate(resolve));
          const what = `${route.key} [${identity}] ${request.label}`;
          if (this.loop.max / 1e6 > this.longestHold.ms) this.longestHold = { ms: this.loop.max / 1e6, what };
          if (!request.mustReject && took > SLOW_MS) state.slow += 1;
          const accepted = this.check(route, identity, request, answer);
          if (TRACE)
            console.log(
              `${answer === 'timeout' ? 'timeout' : answer.statusCode} ${describeRequest(request, identity).split('\n')[0]} | ${request.label}`,
            );
          if (accepted) {
            state.accepted += 1;
            this.acceptedAnswers += 1;
            await this.restoreIdentities();
            state.baseline = await this.probe.settled();
          } else if (before) {
            const changed = differences(before, await this.probe.take());
            if (changed.length > 0) {
              culprits.push(changed.join('; '));
              this.fail(
                route,
                identity,
                request,
                `rejected request changed state: ${changed.join('; ')}`,
                answer === 'timeout' ? null : answer,
              );
            }
          }
        }),
        {
          seed,
          examples,
          numRuns: Math.max(examples.length, this.options.runsPerRoute),
          endOnFailure: true,
        },
      );
    };
    await run(false);
    let changed = differences(state.baseline, await this.probe.take());
    if (changed.length > 0) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      changed = differences(state.baseline, await this.probe.take());
    }
    if (changed.length === 0) return;
    // Replay the same requests, comparing state around each, to name the request that changed it.
    state.baseline = await this.probe.take();
    state.accepted = 0;
    state.slow = 0;
    await run(true);
    if (culprits.length === 0) {
      this.failures.push({
        problem: `rejected requests changed state (not reproduced one by one): ${changed.join('; ')}`,
        route: route.key,
        identity,
        label: '(the whole batch)',
        status: null,
        code: undefined,
        input: `FUZZ_SEED=${this.options.seed} FUZZ_ROUTE='${route.key}'`,
        answer: '',
      });
    }
  }
}

export interface FailureGroup {
  title: string;
  identities: Identity[];
  /** The input classes that met this failure, as labels. */
  labels: string[];
  count: number;
  example: Failure;
}

/** Failures grouped by problem, route and answer (status and code), with the input classes that met each. */
export function groupFailures(failures: Failure[]): FailureGroup[] {
  const groups = new Map<string, FailureGroup>();
  for (const failure of failures) {
    const problem = failure.problem.startsWith('rejected request changed state')
      ? 'rejected request changed state'
      : failure.problem;
    const title = `${problem} | ${failure.route} | ${failure.status ?? '-'}${failure.code ? ` ${failure.code}` : ''}`;
    const group = groups.get(title);
    if (group) {
      group.count += 1;
      if (!group.identities.includes(failure.identity)) group.identities.push(failure.identity);
      if (!group.labels.includes(failure.label)) group.labels.push(failure.label);
    } else
      groups.set(title, {
        title,
        identities: [failure.identity],
        labels: [failure.label],
        count: 1,
        example: failure,
      });
  }
  return [...groups.values()].sort((a, b) => a.title.localeCompare(b.title));
}

export function formatGroups(groups: FailureGroup[], seed: number): string {
  return groups
    .map((group) => {
      const labels = group.labels.slice(0, 8).map((label) => visible(label, 120));
      const more = group.labels.length > 8 ? ` … and ${group.labels.length - 8} more` : '';
      return [
        `✗ ${group.title}`,
        `  as ${group.identities.join(', ')}; ${group.count}×; reproduce with FUZZ_SEED=${seed} FUZZ_ROUTE='${group.example.route}'`,
        `  inputs: ${labels.join(' | ')}${more}`,
        `  problem: ${visible(group.example.problem, 300)}`,
        `  example: ${group.example.input.replaceAll('\n', '\n           ')}`,
        `  answer: ${group.example.answer}`,
      ].join('\n');
    })
    .join('\n\n');
}
