// Every write the outbox replays is a route of the server with the schemas its declaration gives
// (core/api/mutations.ts): the route exists under its declared method and path, and it checks its parameters and
// body by those schemas (a bad argument is refused with the shared error shape, changing nothing).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillRoute, MUTATION_KINDS, MUTATIONS } from '../../core/api/mutations.ts';
import { apiErrorSchema, ERROR_CODES } from '../../core/api/errors.ts';
import { createTestApp, signUp, type TestApp } from './test-app.ts';

describe('declared mutation routes', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    ({ auth } = await signUp(t.app, { name: 'Route Checker' }));
  });
  afterAll(() => t.close());

  it('every declared kind is a route of the server, under /api, with its method', () => {
    for (const kind of MUTATION_KINDS) {
      const { method, route } = MUTATIONS[kind];
      // tus answers its creation at /api/audio/tus and its pieces at /api/audio/tus/:id.
      expect(t.app.hasRoute({ method, url: `/api${route}` }), `${kind}: ${method} /api${route}`).toBe(true);
    }
  });

  it('each JSON route refuses a body its declaration refuses, with the shared error shape', async () => {
    const samples = {
      'clip.vote': { params: { id: '5b7e0a4e-2f0c-4d3e-9a51-0c8f3f6d2a10' }, body: { vote: 'sideways' } },
      'translation.save': { params: {}, body: { id: 'one', translation: 3 } },
      'consent.submit': { params: {}, body: { consent_type: 'everything' } },
      'speaker.create': { params: {}, body: { id: 'not-a-uuid', name: '' } },
      'prompt.report': { params: { id: 1 }, body: { reason: 'boring' } },
    } as const;
    for (const [kind, sample] of Object.entries(samples)) {
      const route = MUTATIONS[kind as keyof typeof samples].route;
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/${fillRoute(route, sample.params)}`,
        headers: auth,
        payload: sample.body,
      });
      expect(response.statusCode, kind).toBe(400);
      const error = apiErrorSchema.parse(response.json());
      expect(error.code, kind).toBe(ERROR_CODES.validation);
    }
  });
});
