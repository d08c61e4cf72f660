// Holds every answer an API test receives to the published contract: the app's own /api/openapi.json must
// declare the status, the content type and (for JSON) a schema the body validates against (Ajv, JSON Schema
// 2020-12 as OpenAPI 3.1 uses). createTestApp wraps app.inject with it, so an answer that leaves the contract
// fails the test that made the request. Requests to routes the document leaves out (Swagger UI, the admin
// command's control routes, unknown addresses) are not checked.
import fs from 'node:fs';
import zlib from 'node:zlib';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import type {} from '@fastify/swagger';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

interface MediaObject {
  schema?: Record<string, unknown>;
}
interface ResponseObject {
  content?: Record<string, MediaObject>;
}
interface OperationObject {
  responses: Record<string, ResponseObject>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, OperationObject>>;
  components?: { schemas?: Record<string, unknown> };
}

/** ajv-formats is CommonJS: its plugin is the module itself under Node's ESM, its `default` under a bundler. */
const addFormats = (formats as unknown as { default?: typeof formats }).default ?? formats;

interface PathMatcher {
  template: string;
  pattern: RegExp;
  params: number;
}

/** The contract of one app: its document, its paths as patterns, and compiled body schemas. */
class Contract {
  readonly ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  readonly matchers: PathMatcher[];
  readonly validators = new Map<string, ValidateFunction>();

  constructor(readonly document: OpenApiDocument) {
    addFormats(this.ajv);
    // Ajv knows OpenAPI's own keywords only as annotations.
    this.ajv.addVocabulary(['example', 'xml', 'externalDocs', 'discriminator']);
    this.ajv.addSchema({ $id: 'openapi.json', components: document.components ?? {} });
    this.matchers = Object.keys(document.paths)
      .map((template) => ({
        template,
        pattern: new RegExp(
          `^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}|\{[^}]+\}/g, '[^/]+')}$`,
        ),
        params: (template.match(/\{/g) ?? []).length,
      }))
      // A fixed segment wins over a parameter, as in Fastify's router.
      .sort((a, b) => a.params - b.params);
  }

  operation(method: string, url: string): { template: string; operation: OperationObject } | null {
    const path = url.split('?')[0]!;
    for (const matcher of this.matchers) {
      if (!matcher.pattern.test(path)) continue;
      const operation = this.document.paths[matcher.template]?.[method.toLowerCase()];
      if (operation) return { template: matcher.template, operation };
    }
    return null;
  }

  validator(key: string, schema: Record<string, unknown>): ValidateFunction {
    let validate = this.validators.get(key);
    if (!validate) {
      // Component references resolve against the document's components.
      const rebased = JSON.parse(
        JSON.stringify(schema).replaceAll('"#/components/', '"openapi.json#/components/'),
      ) as Record<string, unknown>;
      validate = this.ajv.compile(rebased);
      this.validators.set(key, validate);
    }
    return validate;
  }
}

/** Does a declared media type (possibly `audio/*`) cover the answer's type? */
function covers(declared: string, actual: string): boolean {
  if (declared === actual || declared === '*/*') return true;
  return declared.endsWith('/*') && actual.startsWith(declared.slice(0, -1));
}

/** The body as sent before its Content-Encoding (the compression plugin's gzip or br). */
function decoded(response: LightMyRequestResponse): Buffer {
  const encoding = String(response.headers['content-encoding'] ?? '');
  if (encoding === 'gzip') return zlib.gunzipSync(response.rawPayload);
  if (encoding === 'br') return zlib.brotliDecompressSync(response.rawPayload);
  if (encoding === 'deflate') return zlib.inflateSync(response.rawPayload);
  return response.rawPayload;
}

/** What is wrong with this answer to `method url` under the contract; null when it matches or is not covered. */
function mismatch(
  contract: Contract,
  method: string,
  url: string,
  response: LightMyRequestResponse,
): string | null {
  const found = contract.operation(method, url);
  if (!found) return null;
  const { template, operation } = found;
  const where = `${method} ${template} answered ${response.statusCode}`;
  const declared = operation.responses[String(response.statusCode)] ?? operation.responses.default;
  if (!declared) return `${where}, a status the contract does not declare`;
  const type = String(response.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  const content = declared.content ?? {};
  // A creation may answer its Location alone (tus creation without the whole file).
  if (response.statusCode === 201 && response.rawPayload.length === 0) return null;
  if (Object.keys(content).length === 0) {
    return response.rawPayload.length === 0 || method === 'HEAD'
      ? null
      : `${where} with a ${type || 'typeless'} body where the contract declares none`;
  }
  if (method === 'HEAD') return null;
  const mediaType = Object.keys(content).find((candidate) => covers(candidate, type));
  if (!mediaType)
    return `${where} as ${type || 'no content type'}; declared: ${Object.keys(content).join(', ')}`;
  const schema = content[mediaType]?.schema;
  if (!schema || !/[/+]json$/.test(mediaType)) return null;
  let body: unknown;
  try {
    body = JSON.parse(decoded(response).toString('utf8'));
  } catch {
    return `${where} with a body that is not JSON`;
  }
  const validate = contract.validator(`${method} ${template} ${response.statusCode} ${mediaType}`, schema);
  if (validate(body)) return null;
  const problems = (validate.errors ?? [])
    .slice(0, 5)
    .map(
      (error) => `${error.instancePath || '(body)'} ${error.message ?? ''} ${JSON.stringify(error.params)}`,
    );
  return `${where} with a body outside its schema: ${problems.join('; ')}; body: ${response.body.slice(0, 300)}`;
}

const contracts = new WeakMap<FastifyInstance, Contract>();
/**
 * The contracts of this worker by their document's text: the apps of a worker's files (which share its loaded
 * modules) publish the same document, and its validators are compiled once for all of them.
 */
const contractsByDocument = new Map<string, Contract>();
/**
 * How many answers were checked in this worker. With OPENAPI_LIVE_REPORT set to a file, each checked answer
 * appends a line to it ("checked", or "mismatch" and what differs): the figures of a whole run.
 */
let checked = 0;

function contractOf(app: FastifyInstance): Contract {
  let contract = contracts.get(app);
  if (!contract) {
    const document = app.swagger() as unknown as OpenApiDocument;
    const text = JSON.stringify(document);
    contract = contractsByDocument.get(text) ?? new Contract(document);
    contractsByDocument.set(text, contract);
    contracts.set(app, contract);
  }
  return contract;
}

/**
 * Wraps `app.inject` so every answer it gives is checked against the app's contract; an answer that leaves it
 * rejects the inject (and so fails the test awaiting it) with what differs.
 */
export function checkAnswersAgainstContract(app: FastifyInstance): void {
  const inject = app.inject.bind(app) as (options: InjectOptions | string) => Promise<LightMyRequestResponse>;
  const checkedInject = async (options: InjectOptions | string) => {
    const response = await inject(options);
    const method = typeof options === 'string' ? 'GET' : (options.method ?? 'GET');
    const target = typeof options === 'string' ? options : (options.url ?? options.path ?? '/');
    const url = typeof target === 'string' ? target : (target.pathname ?? '/');
    const problem = mismatch(contractOf(app), method.toUpperCase(), url, response);
    const report = process.env.OPENAPI_LIVE_REPORT;
    if (problem) {
      if (report) fs.appendFileSync(report, `mismatch ${problem}\n`);
      throw new Error(`The answer leaves the published contract: ${problem}`);
    }
    if (contractOf(app).operation(method, url)) {
      checked += 1;
      if (report) fs.appendFileSync(report, 'checked\n');
    }
    return response;
  };
  Object.defineProperty(app, 'inject', { value: checkedInject, configurable: true, writable: true });
}

export const checkedAnswers = () => checked;
