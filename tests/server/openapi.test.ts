// The published contract: /api/openapi.json is a valid OpenAPI 3.1 document (checked with a maintained
// validator) generated from the routes' own zod schemas, holds every route of the API, and /api/docs shows it
// under the app's strict Content-Security-Policy.
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';

interface OpenApiDocument {
  openapi: string;
  paths: Record<
    string,
    Record<string, { requestBody?: unknown; parameters?: unknown[]; responses?: object }>
  >;
}

/** Routes that serve the contract itself (Swagger UI's page and files), not part of the API it describes. */
const DOCUMENTATION_ROUTE = /^\/api\/(docs|openapi\.json)/;

describe('OpenAPI document', () => {
  let t: TestApp;
  let document: OpenApiDocument;
  beforeAll(async () => {
    t = await createTestApp('pglite', { TRAINING_WORKER: 'off' });
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    document = response.json<OpenApiDocument>();
  });
  afterAll(() => t.close());

  it('validates as OpenAPI 3.1', async () => {
    expect(document.openapi).toMatch(/^3\.1\./);
    const result = await new Validator().validate(
      document as unknown as Parameters<Validator['validate']>[0],
    );
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('holds every route of the API, with its method', () => {
    const routes = t.app.routeTable.filter(
      (route) =>
        route.url.startsWith('/api/') && route.method !== 'HEAD' && !DOCUMENTATION_ROUTE.test(route.url),
    );
    expect(routes.length).toBeGreaterThan(60);
    const missing = routes.filter((route) => {
      const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      const method = route.method.toLowerCase();
      // A prefix's own route ('/') is written with its trailing slash.
      return !(document.paths[path]?.[method] ?? document.paths[`${path}/`]?.[method]);
    });
    expect(missing.map((route) => `${route.method} ${route.url}`)).toEqual([]);
    const operations = Object.values(document.paths).flatMap((methods) => Object.keys(methods));
    console.log(
      `OpenAPI document: ${Object.keys(document.paths).length} paths, ${operations.length} operations`,
    );
  });

  it('describes bodies and answers from the zod schemas the routes validate with', () => {
    const save = document.paths['/api/translation/save']?.post;
    expect(JSON.stringify(save?.requestBody)).toContain('baseVersion');
    expect(JSON.stringify(save?.responses)).toContain('proposals');
    const vote = document.paths['/api/review/clips/{id}/vote']?.post;
    expect(JSON.stringify(vote?.requestBody)).toMatch(/"up".*"down"/);
  });

  it('serves Swagger UI at /api/docs from its own files, under the strict CSP', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)|<script[^>]*>[^<\s]/);
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self';");
    // Swagger UI's one inline style is allowed by its hash on these pages only.
    expect(policy).toMatch(/style-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    const app = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(String(app.headers['content-security-policy'])).toContain("style-src 'self';");
    const initializer = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.statusCode).toBe(200);
    // The page reads the same document from this server (never validator.swagger.io).
    expect(initializer.body).not.toContain('swagger.io');
    const served = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(served.json()).toEqual(document);
    const bundle = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(bundle.statusCode).toBe(200);
  });
});
