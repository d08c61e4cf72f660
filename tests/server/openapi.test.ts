// The published contract: /api/openapi.json is a valid OpenAPI 3.1 document (checked with two maintained
// validators, and Redocly's recommended ruleset at 0 errors) generated from the routes' own zod schemas and
// their contract config, holds every route of the API with its security, error answers, success codes and
// media types, and /api/docs shows it under the app's strict Content-Security-Policy on a phone.
// (Every API test's live answers are checked against this document too: tests/server/live-contract.ts.)
import SwaggerParser from '@apidevtools/swagger-parser';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../core/api/errors.ts';
import { MUTATION_KINDS, mutation } from '../../core/api/mutations.ts';
import { ROUTE_ACCESS, type RouteKey } from './authorization-matrix.ts';
import { countByRule, lintOpenApi } from './openapi-lint.ts';
import { createTestApp, type TestApp } from './test-app.ts';

interface Operation {
  summary?: string;
  operationId?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  requestBody?: { content: Record<string, { schema?: Record<string, unknown> }> };
  parameters?: Array<{ in: string; name: string }>;
  responses: Record<string, { description: string; content?: Record<string, { schema?: unknown }> }>;
}

interface OpenApiDocument {
  openapi: string;
  servers?: Array<{ url: string }>;
  tags?: Array<{ name: string }>;
  components: { schemas: Record<string, unknown> };
  paths: Record<string, Record<string, Operation>>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'];

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

  const operations = () =>
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => METHODS.includes(method))
        .map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, path, method, operation })),
    );

  it("passes Redocly's recommended ruleset with no error, and swagger-parser's validation", async () => {
    const problems = await lintOpenApi(document);
    const errors = problems.filter((problem) => problem.severity === 'error');
    expect(errors.map((problem) => `${problem.rule} ${problem.where}: ${problem.message}`)).toEqual([]);
    console.log(`Redocly recommended: ${JSON.stringify(countByRule(problems))}`);
    // swagger-parser dereferences the document it is given: a copy.
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
  });

  it('gives every operation a summary, a unique operationId, a domain tag and no trailing slash', () => {
    expect(document.servers?.length).toBeGreaterThan(0);
    const ids = new Set<string>();
    for (const { key, path, operation } of operations()) {
      expect(operation.summary, key).toMatch(/\w/);
      expect(ids.has(operation.operationId!), key).toBe(false);
      ids.add(operation.operationId!);
      expect(path, key).not.toMatch(/.\/$/);
      expect(operation.tags?.[0]?.length, `${key} tag ${operation.tags?.[0]}`).toBeGreaterThan(1);
    }
    expect(document.paths['/api/i18n/languages']?.get?.tags).toEqual(['i18n']);
    expect(document.tags?.map((tag) => tag.name)).toContain('i18n');
  });

  it("declares each operation's security as the authorization matrix holds the routes to", () => {
    const expected = {
      public: [],
      user: [{ session: [] }],
      consenting: [{ session: [] }],
      admin: [{ session: [] }],
      worker: [{ worker: [] }],
    };
    const checked = operations().filter(({ key }) => key.replace(/\{(\w+)\}/g, ':$1') in ROUTE_ACCESS);
    expect(checked.length).toBe(operations().length);
    for (const { key, operation } of checked) {
      const access = ROUTE_ACCESS[key.replace(/\{(\w+)\}/g, ':$1') as RouteKey];
      if (access === 'internal') throw new Error(`${key} is internal and should not be documented`);
      expect(operation.security, key).toEqual(expected[access]);
    }
  });

  it('lists the error answers each operation can give, in the one shared error schema', () => {
    expect(document.components.schemas.ApiError).toMatchObject({ required: ['message'] });
    const codesOf = (operation: Operation | undefined, status: number) => {
      const schema = operation?.responses[status]?.content?.['application/json']?.schema as
        { allOf?: Array<{ $ref?: string }>; properties?: { code?: { enum?: string[] } } } | undefined;
      if (schema?.allOf?.[0]?.$ref !== '#/components/schemas/ApiError') return [];
      return schema.properties?.code?.enum ?? [];
    };
    for (const { key, operation } of operations()) {
      expect(codesOf(operation, 500), key).toContain(ERROR_CODES.internal);
      if (operation.security?.[0]?.session)
        expect(codesOf(operation, 401), key).toContain(ERROR_CODES.unauthenticated);
      if (operation.parameters?.some((parameter) => parameter.in === 'path'))
        expect(codesOf(operation, 404), key).toContain(ERROR_CODES.notFound);
      if (operation.requestBody || operation.parameters?.some((parameter) => parameter.in === 'query'))
        expect(codesOf(operation, 400), key).toContain(ERROR_CODES.validation);
    }
    expect(codesOf(document.paths['/api/admin/users']?.get, 403)).toEqual([ERROR_CODES.forbidden]);
    const save = document.paths['/api/translation/save']?.post;
    expect(codesOf(save, 403)).toContain(ERROR_CODES.consentRequired);
    expect(codesOf(save, 409)).toContain(ERROR_CODES.editConflict);
    expect(codesOf(save, 422)).toContain(ERROR_CODES.idempotencyKeyReused);
    expect(codesOf(document.paths['/api/review/clips/{id}/vote']?.post, 403)).toContain(
      ERROR_CODES.ownContribution,
    );
    expect(codesOf(document.paths['/api/audio/upload']?.post, 415)).toContain(ERROR_CODES.unsupportedAudio);
    expect(codesOf(document.paths['/api/audio/transcribe']?.post, 501)).toEqual([ERROR_CODES.notTrained]);
    expect(codesOf(document.paths['/api/data/lexicon']?.get, 429)).toEqual([ERROR_CODES.rateLimited]);
    expect(document.paths['/api/i18n/catalogues/{code}']?.get?.responses['304']).toBeDefined();
    // Every offline write's route, the resumable upload's included, lists the answers its declaration names.
    for (const kind of MUTATION_KINDS) {
      const { method, route, errors } = mutation(kind);
      const operation = document.paths[`/api${route.replace(/:(\w+)/g, '{$1}')}`]?.[method.toLowerCase()];
      expect(operation, kind).toBeDefined();
      for (const { status, code } of errors)
        expect(codesOf(operation, status), `${kind} ${status}`).toContain(code);
    }
  });

  it('documents real success codes, media types and request bodies', () => {
    const paths = document.paths;
    expect(Object.keys(paths['/api/audio/recordings/{id}']?.delete?.responses ?? {})).toContain('204');
    expect(paths['/api/audio/recordings/{id}']?.delete?.responses['200']).toBeUndefined();
    expect(paths['/api/training/workers/{id}']?.delete?.responses['204']).toBeDefined();
    expect(
      Object.keys(paths['/api/admin/i18n/languages/{code}/export.po']?.get?.responses['200']?.content ?? {}),
    ).toEqual(['text/x-gettext-translation']);
    for (const [path, type] of [
      ['/api/admin/exports/asr.zip', 'application/zip'],
      ['/api/admin/exports/mt.zip', 'application/zip'],
      ['/api/tts/synthesize', 'audio/wav'],
      ['/api/families.ged', 'text/vnd.familysearch.gedcom'],
      ['/api/translation/export', 'text/csv'],
      ['/api/audio/recordings/{id}/audio', 'audio/*'],
      ['/api/training/worker/jobs/{id}/dataset', 'application/x-ndjson'],
    ] as const) {
      const operation = paths[path]?.get ?? paths[path]?.post;
      expect(Object.keys(operation?.responses['200']?.content ?? {}), path).toContain(type);
    }
    const upload = paths['/api/audio/upload']?.post?.requestBody?.content['multipart/form-data']?.schema;
    expect(upload).toMatchObject({
      required: ['file'],
      properties: { file: { contentMediaType: 'audio/*' } },
    });
    expect(JSON.stringify(upload)).toContain('recordingId');
    expect(paths['/api/audio/tus']?.post?.parameters?.some((parameter) => parameter.in === 'path')).toBe(
      false,
    );
    expect(paths['/api/audio/tus']?.post?.parameters?.map((parameter) => parameter.name)).toContain(
      'Upload-Length',
    );
    expect(Object.keys(paths['/api/audio/tus']?.post?.responses ?? {})).toContain('201');
    expect(Object.keys(paths['/api/audio/tus/{id}']?.patch?.responses ?? {})).toContain('204');
    expect(Object.keys(paths['/api/audio/tus/{id}']?.patch?.requestBody?.content ?? {})).toEqual([
      'application/offset+octet-stream',
    ]);
    const undescribed = operations().filter(({ operation }) =>
      Object.values(operation.responses).some(
        (response) => response.description === 'Default Response' && !response.content,
      ),
    );
    expect(undescribed.map(({ key }) => key)).toEqual([]);
  });

  it('holds every route of the API, with its method', () => {
    const routes = t.app.routeTable.filter(
      (route) =>
        route.url.startsWith('/api/') && route.method !== 'HEAD' && !DOCUMENTATION_ROUTE.test(route.url),
    );
    expect(routes.length).toBeGreaterThan(60);
    const missing = routes.filter((route) => {
      const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      return !document.paths[path]?.[route.method.toLowerCase()];
    });
    expect(missing.map((route) => `${route.method} ${route.url}`)).toEqual([]);
    console.log(
      `OpenAPI document: ${Object.keys(document.paths).length} paths, ${operations().length} operations`,
    );
  });

  it('describes bodies and answers from the zod schemas the routes validate with', () => {
    const save = document.paths['/api/translation/save']?.post;
    expect(JSON.stringify(save?.requestBody)).toContain('baseVersion');
    expect(JSON.stringify(save?.responses)).toContain('proposals');
    const vote = document.paths['/api/review/clips/{id}/vote']?.post;
    expect(JSON.stringify(vote?.requestBody)).toMatch(/"up".*"down"/);
  });

  it('serves Swagger UI at /api/docs from its own files, under the strict CSP, laid out for a phone', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    // Long paths in inline code wrap instead of widening a phone's page (seen at 402 px wide on a 360 px screen).
    expect(page.body).toContain('./static/theme/phone.css');
    const phoneCss = await t.app.inject({ method: 'GET', url: '/api/docs/static/theme/phone.css' });
    expect(phoneCss.statusCode).toBe(200);
    expect(phoneCss.body).toContain('overflow-wrap: anywhere');
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
