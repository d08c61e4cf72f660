// Turns each route into its OpenAPI operation: the zod schemas (fastify-type-provider-zod's transform), then
// what the route's kind implies — `security` from the guard that protects it, the error answers every such
// route can give — with the route's own `config` (server/lib/route-contract.ts) on top. Nothing here is a list
// of routes: a route added tomorrow is described by the same rules.
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import { apiErrorSchema, ERROR_CODES, type ErrorAnswer } from '../../core/api/errors.ts';
import { TRAINING_ERROR_CODES } from '../../core/api/training.ts';
import type { BodyContract, HeaderContract, JsonSchema, MediaAnswer } from '../lib/route-contract.ts';

/** What each error status means, as the operation's response description says it. */
const STATUS_MEANING: Record<number, string> = {
  400: 'The request is not valid: the details say which field and why.',
  401: 'No valid credential: sign in (or send a valid worker token) and try again.',
  403: 'The caller may not do this.',
  404: 'Nothing is found at this address (or the caller may not see it).',
  409: 'The request conflicts with the current state.',
  410: 'What the request refers to is gone.',
  412: 'A precondition of the protocol is not met.',
  413: 'The body is larger than this route takes.',
  414: 'A part of the address is too long.',
  415: 'The body is not of a media type this route takes.',
  416: 'The requested range is outside the file.',
  422: 'The request is well formed but cannot be applied.',
  429: 'Too many requests: wait a minute and try again.',
  460: 'The upload checksum does not match.',
  500: 'Something went wrong on the server.',
  501: 'Not available on this installation yet.',
  503: 'The server is busy: try again after the Retry-After seconds.',
};

const ERROR_SCHEMA_REF = '#/components/schemas/ApiError';
/** The operation key that carries a route's contract from the per-route transform to the document's. */
const MARK = 'x-route-contract';

interface RouteMark {
  errors: ErrorAnswer[];
  answers: readonly MediaAnswer[];
  requestBody?: BodyContract;
  requestHeaders?: readonly HeaderContract[];
}

/** The methods whose bodies Fastify parses (and so may refuse as malformed, too large or of a wrong type). */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** A path segment after /api (or /api/admin) that names its domain differently. */
const DOMAIN_OF_SEGMENT: Record<string, string> = { users: 'accounts', pairs: 'translation' };

/** The domain an operation is tagged with: /api/(admin/)?<domain>, an import or export under the thing moved. */
export function domainTag(url: string): string {
  const match = /^\/api\/(?:admin\/)?(?:(?:import|export)\/)?([a-z0-9]+)/.exec(url);
  const segment = match?.[1] ?? 'api';
  return DOMAIN_OF_SEGMENT[segment] ?? segment;
}

/** The error answers every route of this kind can give, before its own. */
export function defaultErrors(route: RouteOptions, url: string): ErrorAnswer[] {
  const config = route.config ?? {};
  const methods = [route.method].flat();
  const errors: ErrorAnswer[] = [];
  const add = (status: number, code: string) => errors.push({ status, code });
  // The input rules (server/lib/validation.ts) read every query string and body, declared or not.
  add(400, ERROR_CODES.validation);
  if (config.access === 'worker') add(401, TRAINING_ERROR_CODES.invalidWorkerToken);
  else if (config.access) add(401, ERROR_CODES.unauthenticated);
  if (config.access === 'admin') add(403, ERROR_CODES.forbidden);
  if (url.includes(':')) {
    add(404, ERROR_CODES.notFound);
    add(414, ERROR_CODES.validation);
  }
  if (methods.some((method) => BODY_METHODS.has(method))) {
    // Fastify's own refusals of such a body, in the API's codes (server/plugins/errors.ts).
    add(400, ERROR_CODES.malformedBody);
    add(413, ERROR_CODES.bodyTooLarge);
    add(415, ERROR_CODES.unsupportedMediaType);
  }
  if (config.rateLimit) add(429, ERROR_CODES.rateLimited);
  add(500, ERROR_CODES.internal);
  if (config.admission !== false) add(503, ERROR_CODES.serverBusy);
  return errors;
}

/** @fastify/swagger's transform: one route (all its methods) to the schema its operations are built from. */
export function routeOperation(input: Parameters<typeof jsonSchemaTransform>[0]) {
  const { schema, url } = jsonSchemaTransform(input);
  const route = (input as { route: RouteOptions }).route;
  const config = route.config ?? {};
  const path = url.length > 1 ? url.replace(/\/$/, '') : url;
  const domain = domainTag(path);
  // The admin command's control routes (only with the server's own secret) are not part of the API.
  if (domain === 'internal' || (schema as { hide?: boolean } | undefined)?.hide)
    return { schema: { hide: true }, url: path };
  const security = config.access === 'worker' ? [{ worker: [] }] : config.access ? [{ session: [] }] : [];
  const mark: RouteMark = {
    errors: [...defaultErrors(route, path), ...(config.errors ?? [])],
    answers: config.answers ?? [],
    ...(config.requestBody ? { requestBody: config.requestBody } : {}),
    ...(config.requestHeaders ? { requestHeaders: config.requestHeaders } : {}),
  };
  return { schema: { ...schema, tags: [domain], security, [MARK]: mark }, url: path };
}

interface Operation {
  summary?: string;
  operationId?: string;
  parameters?: Array<Record<string, unknown>>;
  requestBody?: { description?: string; required?: boolean; content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, unknown>; headers?: unknown }>;
  [MARK]?: RouteMark;
}

export interface OpenApiObject {
  components?: { schemas?: Record<string, unknown> };
  paths?: Record<string, Record<string, Operation>>;
  tags?: Array<{ name: string; description?: string }>;
}

/** getAudioRecordingsByIdAudio: the method and the path after /api, params as "By<Name>". */
export function operationId(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '')
    .split('/')
    .flatMap((segment) => {
      const param = /^\{(.+)\}$/.exec(segment)?.[1];
      return param ? ['by', param] : segment.split(/[^A-Za-z0-9]+/);
    })
    .filter(Boolean);
  return method + words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
}

/** One status's error answer: the shared error schema, with the codes this operation gives at that status. */
function errorResponse(status: number, codes: string[]) {
  return {
    description: `${STATUS_MEANING[status] ?? 'Error.'} Codes: ${codes.join(', ')}.`,
    content: {
      'application/json': {
        schema: {
          allOf: [{ $ref: ERROR_SCHEMA_REF }],
          properties: { code: { type: 'string', enum: codes } },
        },
      },
    },
  };
}

function mediaResponse(answer: MediaAnswer, existing: Operation['responses'][string] | undefined) {
  const content: Record<string, unknown> = { ...existing?.content };
  for (const type of answer.types ?? []) content[type] = { schema: answer.schema ?? { type: 'string' } };
  const headers = Object.fromEntries(
    Object.entries(answer.headers ?? {}).map(([name, header]) => [
      name,
      { description: header.description, schema: header.schema ?? { type: 'string' } },
    ]),
  );
  return {
    description:
      existing && existing.description !== 'Default Response' ? existing.description : answer.description,
    ...(Object.keys(content).length > 0 ? { content } : {}),
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
  };
}

/** Completes each operation from its route's mark; answers the route declares replace the placeholder. */
function completeOperation(method: string, path: string, operation: Operation): void {
  const mark = operation[MARK];
  delete operation[MARK];
  operation.operationId = operationId(method, path);
  if (!mark) return;
  const declared = new Set(mark.answers.map((answer) => String(answer.status)));
  // @fastify/swagger's placeholder for a route without a response schema (not a zod answer, which has content).
  const placeholder = operation.responses['200'];
  if (placeholder && !placeholder.content && !declared.has('200')) delete operation.responses['200'];
  for (const answer of mark.answers)
    operation.responses[answer.status] = mediaResponse(answer, operation.responses[answer.status]);
  const byStatus = new Map<number, string[]>();
  for (const { status, code } of mark.errors) {
    const codes = byStatus.get(status) ?? [];
    if (!codes.includes(code)) codes.push(code);
    byStatus.set(status, codes);
  }
  // A status the route's own schema describes (the health check's 503) keeps that description.
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b))
    if (!operation.responses[status]?.content) operation.responses[status] = errorResponse(status, codes);
  if (mark.requestBody) {
    const content = { ...operation.requestBody?.content };
    for (const [type, schema] of Object.entries(mark.requestBody.content)) content[type] = { schema };
    operation.requestBody = {
      description: mark.requestBody.description,
      required: mark.requestBody.required,
      content,
    };
  }
  for (const header of mark.requestHeaders ?? []) {
    operation.parameters = [
      ...(operation.parameters ?? []),
      {
        in: 'header',
        name: header.name,
        description: header.description,
        required: header.required ?? false,
        schema: header.schema ?? { type: 'string' },
      },
    ];
  }
}

/** @fastify/swagger's transformObject: the shared error schema, and every operation completed. */
export function completeDocument(document: OpenApiObject, tagDescriptions: Record<string, string>) {
  const { $schema: _dialect, ...apiError } = z.toJSONSchema(apiErrorSchema) as JsonSchema;
  document.components = {
    ...document.components,
    schemas: { ...document.components?.schemas, ApiError: apiError },
  };
  const tags = new Set<string>();
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    for (const [method, shared] of Object.entries(operations)) {
      // The methods of one route share one operation object: each is completed on its own copy.
      const operation = structuredClone(shared);
      operations[method] = operation;
      completeOperation(method, path, operation);
      for (const tag of (operation as { tags?: string[] }).tags ?? []) tags.add(tag);
    }
  }
  document.tags = [...tags].sort().map((name) => ({
    name,
    ...(tagDescriptions[name] ? { description: tagDescriptions[name] } : {}),
  }));
  return document;
}
