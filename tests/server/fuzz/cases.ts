// Bad requests for any route of the route table: a near-valid request with one part broken (a body field, the whole body, its content type, a query value, a path param, a multipart form, tus headers), and whether the right server must refuse it.
import crypto from 'node:crypto';
import fc from 'fast-check';
import { TUS_ENDPOINT } from '../../../core/api/recordings.ts';
import {
  badJsonNumber,
  badString,
  badUrlInteger,
  badUuid,
  bigJson,
  decodedOrNull,
  jsonText,
  percentEncode,
  RawJson,
  wrongType,
  type Labelled,
} from './bad-values.ts';
import { multipartDraft, tusDraft } from './protocol-cases.ts';
import {
  getAt,
  isInteger,
  isNumeric,
  passes,
  setAt,
  typeOf,
  unwrapNullable,
  type Field,
  type JsonSchema,
  type RouteModel,
} from './route-model.ts';

export type Identity = 'visitor' | 'contributor' | 'admin' | 'worker';
export const IDENTITIES: readonly Identity[] = ['visitor', 'contributor', 'admin', 'worker'];

/** How a request's body is sent. */
export type BodyDraft =
  | { kind: 'none' }
  /** A JSON value (RawJson inside allowed), sent with `contentType` (default application/json). */
  | { kind: 'json'; value: unknown; contentType?: string | null }
  /** Bytes as they are, and what a server's parsers make of them. */
  | {
      kind: 'bytes';
      payload: string | Buffer;
      contentType: string | null;
      /**
       * json: JSON after UTF-8 decoding (a byte-order mark and bad bytes are tolerated); invalid: no parser can read
       * it; empty: no body; text: a text/plain string; opaque: another media type; multipart: a broken form.
       */
      reads: 'json' | 'invalid' | 'empty' | 'text' | 'opaque' | 'multipart';
    };

/** One bad request before it is written out: the route's near-valid parts with one of them broken. */
export interface Draft {
  label: string;
  params: Record<string, string>;
  /** Query pairs (text before percent-encoding), or a raw query string sent as is. */
  query: [string, string][] | { raw: string };
  body: BodyDraft;
  headers: Record<string, string>;
  /** Refused whatever the schemas say (tus protocol errors, loosely written integers...). */
  refuse: boolean;
  /** Replaces the identity's Authorization header: null sends none. */
  authorization?: string | null;
  /** Junk headers added to the broken part (not part of the label that groups failures). */
  extra?: string;
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** The class of input, without its random parts: failures are grouped by it. */
  label: string;
  /** A right server answers 4xx (whoever asks): the input is invalid, or addresses nothing. */
  mustReject: boolean;
  /** The route takes no body (or an optional one): an empty JSON body must not be refused for being empty. */
  emptyBodyAllowed: boolean;
  authorization?: string | null;
  extra?: string;
}

export const isTusRoute = (route: RouteModel) =>
  route.url === TUS_ENDPOINT || route.url.startsWith(`${TUS_ENDPOINT}/`);

/** Integers in URLs are plain decimal: '0x10', '1e3', ' 1', '1.0' and '01' name no id. */
const CANONICAL_INTEGER = /^(0|-?[1-9][0-9]*)$/;
/** PostgreSQL `integer`: no row has a larger id. */
const INT4_MAX = 2_147_483_647;

const noBody: BodyDraft = { kind: 'none' };

/** A value once in `every` runs, else null (fc.option's freq is the other way round: null once in freq). */
export const sometimes = <T>(arbitrary: fc.Arbitrary<T>, every: number): fc.Arbitrary<T | null> =>
  fc.oneof({ weight: every - 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary });

function baseDraft(route: RouteModel, label: string): Draft {
  const params = (route.params?.base ?? {}) as Record<string, string>;
  const query = Object.entries((route.query?.base ?? {}) as Record<string, string>);
  const body: BodyDraft = route.body && route.readsBody ? { kind: 'json', value: route.body.base } : noBody;
  return {
    label,
    params: Object.fromEntries(route.paramNames.map((name) => [name, params[name] ?? 'fuzz'])),
    query,
    body,
    headers: {},
    refuse: false,
  };
}

/** The route's URL with its near-valid params: what a well-formed request to it looks like. */
export function baseUrl(route: RouteModel): string {
  return toRequest(route, baseDraft(route, '')).url;
}

const labelOf = (path: (string | number)[]) => path.map(String).join('.');

/** Bad values for one schema position, with a near-valid value of it to build around. */
function badValueFor(schema: JsonSchema, base: unknown): fc.Arbitrary<Labelled<unknown>> {
  const inner = unwrapNullable(schema);
  const type = typeOf(inner);
  const text = typeof base === 'string' ? base : 'fuzz';
  const options: fc.WeightedArbitrary<Labelled<unknown>>[] = [
    { weight: 3, arbitrary: wrongType(base) },
    { weight: 1, arbitrary: bigJson },
  ];
  if (type === 'string') options.push({ weight: 6, arbitrary: badString(text, inner.maxLength) });
  if (type === 'string' && inner.format === 'uuid') options.push({ weight: 3, arbitrary: badUuid });
  if (type === 'integer' || type === 'number') options.push({ weight: 6, arbitrary: badJsonNumber });
  if (type === 'array') {
    options.push({
      weight: 2,
      arbitrary: fc.constantFrom(
        { value: [], label: 'empty array' },
        {
          value: Array.from({ length: (inner.maxItems ?? 3) + 1 }, () => getAt(base, [0]) ?? 'fuzz'),
          label: 'one item more than maxItems',
        },
        { value: [getAt(base, [0]) ?? 'fuzz', getAt(base, [0]) ?? 'fuzz'], label: 'duplicate items' },
      ),
    });
  }
  if (type === 'object' || type === undefined) options.push({ weight: 2, arbitrary: badString(text) });
  return fc.oneof(...options);
}

/** A value written as a string where the schema wants a number: a JSON body must not have it read as one. */
const stringForNumber = (schema: JsonSchema, value: unknown) =>
  isNumeric(schema) && typeof value === 'string';

/** Unknown properties added to a body. */
const extraFields = fc.constantFrom<Labelled<Record<string, unknown>>>(
  { value: { fuzzExtra: 'x' }, label: 'extra field' },
  { value: { role: 'admin', isAdmin: true, userId: 1 }, label: 'extra privilege fields' },
  { value: { ['\u0000']: 1, ['x'.repeat(1000)]: 2 }, label: 'extra odd keys' },
);

/** One body field broken (wrong type, missing, hostile text or number, huge, deep), sometimes with extra fields. */
function bodyFieldDraft(route: RouteModel, fields: Field[]): fc.Arbitrary<Draft> {
  const body = route.body;
  if (!body) throw new Error('bodyFieldDraft needs a body schema');
  return fc
    .constantFrom(...fields)
    .chain((field) => {
      const base = getAt(body.base, field.path);
      const broken: fc.Arbitrary<Labelled<unknown>> = field.required
        ? fc.oneof(
            { weight: 1, arbitrary: fc.constant<Labelled<unknown>>({ value: undefined, label: 'missing' }) },
            { weight: 6, arbitrary: badValueFor(field.schema, base) },
          )
        : badValueFor(field.schema, base);
      return fc.tuple(fc.constant(field), broken, sometimes(extraFields, 5));
    })
    .map(([field, broken, extra]) => {
      let value = setAt(body.base, field.path, broken.value);
      if (extra && value && typeof value === 'object' && !Array.isArray(value))
        value = { ...value, ...extra.value };
      const draft = baseDraft(
        route,
        `body.${labelOf(field.path)}: ${broken.label}${extra ? ` + ${extra.label}` : ''}`,
      );
      draft.body = { kind: 'json', value };
      draft.refuse = stringForNumber(field.schema, broken.value);
      return draft;
    });
}

/** The whole body replaced: another JSON type, huge, deep, or the near-valid body with unknown fields. */
function wholeBodyDraft(route: RouteModel): fc.Arbitrary<Draft> {
  const base = route.body?.base ?? { fuzz: 1 };
  const replacement = fc.oneof(
    { weight: 3, arbitrary: wrongType(base) },
    { weight: 3, arbitrary: bigJson },
    { weight: 1, arbitrary: badString('fuzz') },
    ...(route.body
      ? [
          {
            weight: 1,
            arbitrary: extraFields.map((extra) => ({
              value: { ...base, ...extra.value },
              label: extra.label,
            })),
          },
        ]
      : []),
  );
  return replacement.map((broken) => {
    const draft = baseDraft(route, `body: ${broken.label}`);
    draft.body = { kind: 'json', value: broken.value };
    return draft;
  });
}

const truncate = (text: string, at: number) => text.slice(0, Math.max(0, Math.floor(at * text.length) - 1));

/** Bodies in the wrong media type, or JSON that does not parse. */
function contentTypeDraft(route: RouteModel): fc.Arbitrary<Draft> {
  const text = jsonText(route.body?.base ?? { fuzz: 1 });
  const json = 'application/json';
  const variants = fc.oneof(
    fc.constantFrom<[string, BodyDraft]>(
      ['text/plain', { kind: 'bytes', payload: text, contentType: 'text/plain', reads: 'text' }],
      [
        'text/plain; charset=utf-8',
        { kind: 'bytes', payload: text, contentType: 'text/plain; charset=utf-8', reads: 'text' },
      ],
      [
        'application/xml',
        {
          kind: 'bytes',
          payload: '<?xml version="1.0"?><a>1</a>',
          contentType: 'application/xml',
          reads: 'opaque',
        },
      ],
      ['text/xml', { kind: 'bytes', payload: '<a>1</a>', contentType: 'text/xml', reads: 'opaque' }],
      [
        'form-urlencoded',
        {
          kind: 'bytes',
          payload: 'a=1&b=2',
          contentType: 'application/x-www-form-urlencoded',
          reads: 'opaque',
        },
      ],
      [
        'application/octet-stream',
        {
          kind: 'bytes',
          payload: Buffer.from([0, 1, 2, 255]),
          contentType: 'application/octet-stream',
          reads: 'opaque',
        },
      ],
      ['no content type', { kind: 'bytes', payload: text, contentType: null, reads: 'opaque' }],
      [
        'application/jsonx',
        { kind: 'bytes', payload: text, contentType: 'application/jsonx', reads: 'opaque' },
      ],
      [
        'json with charset utf-16',
        {
          kind: 'bytes',
          payload: Buffer.from(text, 'utf16le'),
          contentType: 'application/json; charset=utf-16',
          reads: 'invalid',
        },
      ],
      ['empty JSON body', { kind: 'bytes', payload: '', contentType: json, reads: 'empty' }],
      ['JSON "{"', { kind: 'bytes', payload: '{', contentType: json, reads: 'invalid' }],
      ['JSON with single quotes', { kind: 'bytes', payload: "{'a':1}", contentType: json, reads: 'invalid' }],
      ['JSON trailing comma', { kind: 'bytes', payload: '[1,]', contentType: json, reads: 'invalid' }],
      ['JSON trailing garbage', { kind: 'bytes', payload: `${text}}x`, contentType: json, reads: 'invalid' }],
      ['JSON NaN literal', { kind: 'bytes', payload: '{"a":NaN}', contentType: json, reads: 'invalid' }],
      [
        'JSON with a byte-order mark',
        { kind: 'bytes', payload: `\ufeff${text}`, contentType: json, reads: 'json' },
      ],
      [
        'invalid UTF-8 in JSON',
        {
          kind: 'bytes',
          payload: Buffer.concat([
            Buffer.from('{"a":"'),
            Buffer.from([0xff, 0xc0, 0xed, 0xa0, 0x80]),
            Buffer.from('"}'),
          ]),
          contentType: json,
          reads: 'json',
        },
      ],
      [
        'JSON with raw control characters',
        { kind: 'bytes', payload: '{"a":"\u0000\u0001"}', contentType: json, reads: 'invalid' },
      ],
    ),
    fc.double({ min: 0, max: 1, noNaN: true }).map((at): [string, BodyDraft] => {
      const payload = truncate(text, at);
      // Cut to nothing, it is an empty body (read as none), not broken JSON.
      return [
        'truncated JSON',
        { kind: 'bytes', payload, contentType: json, reads: payload ? 'invalid' : 'empty' },
      ];
    }),
  );
  return variants.map(([label, body]) => {
    const draft = baseDraft(route, `content: ${label}`);
    draft.body = body;
    return draft;
  });
}

/** Query text for a schema position. */
function badQueryValue(schema: JsonSchema | undefined, base: string): fc.Arbitrary<Labelled<string>> {
  const inner = schema ? unwrapNullable(schema) : {};
  const options: fc.Arbitrary<Labelled<string>>[] = [badString(base, inner.maxLength)];
  if (schema && isNumeric(schema)) options.push(badUrlInteger, badUrlInteger);
  if (inner.format === 'uuid') options.push(badUuid);
  if (inner.enum)
    options.push(
      fc.constantFrom(
        ...inner.enum.map((value) => ({
          value: String(value).toUpperCase(),
          label: 'enum value in upper case',
        })),
      ),
    );
  return fc.oneof(...options);
}

/** One query value broken, repeated, or missing; unknown keys; raw query strings that do not decode. */
function queryDraft(route: RouteModel): fc.Arbitrary<Draft> {
  const schema = route.query?.json;
  const properties = Object.entries(unwrapNullable(schema ?? {}).properties ?? {});
  const required = new Set(unwrapNullable(schema ?? {}).required ?? []);
  const base = baseDraft(route, '');
  const pairs = base.query as [string, string][];
  const options: fc.Arbitrary<Draft>[] = [];
  if (properties.length > 0) {
    options.push(
      fc.constantFrom(...properties).chain(([key, property]) => {
        const baseValue = pairs.find(([name]) => name === key)?.[1] ?? 'fuzz';
        const variants: fc.Arbitrary<Draft>[] = [
          badQueryValue(property, baseValue).map((bad) => {
            const draft = baseDraft(route, `query.${key}: ${bad.label}`);
            draft.query = [...pairs.filter(([name]) => name !== key), [key, bad.value]];
            return draft;
          }),
          fc.constant(null).map(() => {
            const draft = baseDraft(route, `query.${key}: repeated`);
            draft.query = [...pairs, [key, baseValue]];
            return draft;
          }),
        ];
        if (required.has(key)) {
          variants.push(
            fc.constant(null).map(() => {
              const draft = baseDraft(route, `query.${key}: missing`);
              draft.query = pairs.filter(([name]) => name !== key);
              return draft;
            }),
          );
        }
        return fc.oneof({ weight: 5, arbitrary: variants[0] as fc.Arbitrary<Draft> }, ...variants.slice(1));
      }),
    );
  }
  options.push(
    fc
      .tuple(
        fc.constantFrom('fuzz', '__proto__', 'constructor', '', 'a[b]', 'x'.repeat(5000)),
        badString('fuzz'),
      )
      .map(([key, bad]) => {
        const draft = baseDraft(route, `query: unknown key with ${bad.label}`);
        draft.query = [...pairs, [key, bad.value]];
        return draft;
      }),
    fc
      .constantFrom<Labelled<string>>(
        { value: '%', label: 'lone %' },
        { value: 'a=%zz&b=%e0%a4', label: 'bad escapes' },
        { value: '&&&==&=', label: 'empty pairs' },
        { value: 'a[]=1&a[]=2&a[0][b]=3', label: 'bracket keys' },
        { value: `a=${'%41'.repeat(60_000)}`, label: 'huge escaped value' },
        { value: Array.from({ length: 5_000 }, (_, i) => `k${i}=${i}`).join('&'), label: '5,000 keys' },
      )
      .map((raw) => {
        const draft = baseDraft(route, `query: ${raw.label}`);
        const baseText = pairs
          .map(([key, value]) => `${percentEncode(key)}=${percentEncode(value)}`)
          .join('&');
        draft.query = { raw: baseText ? `${baseText}&${raw.value}` : raw.value };
        return draft;
      }),
  );
  return fc.oneof(...options);
}

/** One path param replaced by a bad id, hostile text, or something too long. */
function paramDraft(route: RouteModel): fc.Arbitrary<Draft> {
  const properties = unwrapNullable(route.params?.json ?? {}).properties ?? {};
  return fc.constantFrom(...route.paramNames).chain((name) => {
    const schema = properties[name];
    const base = baseDraft(route, '');
    const options: fc.Arbitrary<Labelled<string>>[] = [
      badString(base.params[name] ?? 'fuzz'),
      fc.constantFrom<Labelled<string>>(
        { value: 'x'.repeat(101), label: '101 characters' },
        { value: 'x'.repeat(201), label: '201 characters' },
        { value: 'x'.repeat(10_000), label: '10,000 characters' },
        { value: '..', label: '..' },
        { value: '../../../etc/passwd', label: 'path traversal (encoded slashes)' },
      ),
    ];
    if (schema && isNumeric(schema)) options.push(badUrlInteger, badUrlInteger, badUrlInteger);
    if (schema && unwrapNullable(schema).format === 'uuid') options.push(badUuid, badUuid);
    return fc.oneof(...options).map((bad) => {
      const draft = baseDraft(route, `param.${name}: ${bad.label}`);
      draft.params = { ...draft.params, [name]: bad.value };
      return draft;
    });
  });
}

/** Junk in the Authorization and Idempotency-Key headers, added to another bad request. */
const junkHeaders = fc.record(
  {
    authorization: fc.constantFrom<Labelled<string | null>>(
      { value: null, label: 'no Authorization' },
      { value: `Bearer ${'x'.repeat(300)}`, label: 'overlong bearer token' },
      { value: 'Bearer short', label: 'short bearer token' },
      {
        value: `Bearer ${crypto.createHash('sha256').update('fuzz').digest('base64url')}`,
        label: 'unknown bearer token',
      },
      { value: 'Basic ZnV6ejpmdXp6', label: 'Basic credentials' },
      { value: 'Bearer', label: 'Bearer without token' },
    ),
    idempotencyKey: fc.constantFrom<Labelled<string>>(
      { value: 'short', label: 'Idempotency-Key too short' },
      { value: 'has space in it', label: 'Idempotency-Key with spaces' },
      { value: 'k'.repeat(129), label: 'Idempotency-Key too long' },
      { value: 'fuzz-key-0001', label: 'Idempotency-Key valid' },
    ),
  },
  { requiredKeys: [] },
);

/** Every bad request for a route, weighted by what the route reads. */
/** The kinds of bad input a route can be sent (its body's fields, the whole body, its query...), weighted. */
function draftFamilies(route: RouteModel): fc.WeightedArbitrary<Draft>[] {
  const options: fc.WeightedArbitrary<Draft>[] = [];
  const tus = isTusRoute(route);
  const bodyFields = route.body?.fields ?? [];
  if (tus) options.push({ weight: 12, arbitrary: tusDraft(route, baseDraft(route, '')) });
  if (route.readsBody) {
    if (route.body && bodyFields.length > 0)
      options.push({ weight: 10, arbitrary: bodyFieldDraft(route, bodyFields) });
    options.push({ weight: route.body ? 3 : 2, arbitrary: wholeBodyDraft(route) });
    options.push({ weight: route.body ? 4 : 3, arbitrary: contentTypeDraft(route) });
    options.push({ weight: 2, arbitrary: multipartDraft(route, baseDraft(route, '')) });
  }
  options.push({ weight: route.query ? 5 : 1, arbitrary: queryDraft(route) });
  if (route.paramNames.length > 0) options.push({ weight: 5, arbitrary: paramDraft(route) });
  return options;
}

/** Now and then, junk in the Authorization and Idempotency-Key headers on top of a draft. */
function withJunkHeaders(drafts: fc.Arbitrary<Draft>): fc.Arbitrary<Draft> {
  return fc.tuple(drafts, sometimes(junkHeaders, 8)).map(([draft, junk]) => {
    if (!junk) return draft;
    const labels: string[] = [];
    const next: Draft = { ...draft, headers: { ...draft.headers } };
    if (junk.authorization) {
      next.authorization = junk.authorization.value;
      labels.push(junk.authorization.label);
    }
    if (junk.idempotencyKey) {
      next.headers['idempotency-key'] = junk.idempotencyKey.value;
      labels.push(junk.idempotencyKey.label);
    }
    if (labels.length > 0) next.extra = labels.join(' + ');
    return next;
  });
}

export function draftArbitrary(route: RouteModel): fc.Arbitrary<Draft> {
  return withJunkHeaders(fc.oneof(...draftFamilies(route)));
}

/**
 * One draft of every kind of bad input the route can be sent, drawn with `seed`: a run sends these first, so a
 * short run still reaches every kind on every route, and the random draws after them go where they fall.
 */
export function draftOfEachFamily(route: RouteModel, seed: number): Draft[] {
  return draftFamilies(route).map(({ arbitrary }) => fc.sample(arbitrary, { seed, numRuns: 1 })[0]!);
}

const jsonOrUndefined = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/** Deeper than the README's 32 levels, with room for how levels are counted. */
const MAX_NESTING = 34;

/**
 * The README's input rules for whatever a schema validates: no NUL and no lone surrogate in any text (values and
 * keys), nesting at most 32 levels. Iterative, so the deep values sent do not exhaust this check's stack.
 */
export function obeysInputRules(input: unknown): boolean {
  const clean = (text: string) => !text.includes('\u0000') && text.isWellFormed();
  const stack: { value: unknown; depth: number }[] = [{ value: input, depth: 0 }];
  while (stack.length > 0) {
    const { value, depth } = stack.pop() as { value: unknown; depth: number };
    if (typeof value === 'string' && !clean(value)) return false;
    if (value !== null && typeof value === 'object') {
      if (depth > MAX_NESTING) return false;
      for (const [key, child] of Object.entries(value)) {
        if (!clean(key)) return false;
        stack.push({ value: child, depth: depth + 1 });
      }
    }
  }
  return true;
}

/** What the server decodes from a query value: fast-querystring keeps text that does not decode as it came. */
const serverQueryValue = (value: string) => decodedOrNull(value) ?? percentEncode(value);

function queryObject(pairs: [string, string][]): Record<string, string | string[]> {
  const object: Record<string, string | string[]> = {};
  for (const [rawKey, rawValue] of pairs) {
    const key = serverQueryValue(rawKey);
    const value = serverQueryValue(rawValue);
    const current = object[key];
    object[key] = current === undefined ? value : [...[current].flat(), value];
  }
  return object;
}

/** Integer query values and params must be plain decimal, and ids must fit the database. */
function looseIntegers(
  schema: JsonSchema | undefined,
  values: Record<string, unknown>,
  ids: boolean,
): boolean {
  const properties = unwrapNullable(schema ?? {}).properties ?? {};
  return Object.entries(values).some(([key, value]) => {
    const property = properties[key];
    if (!property || !isInteger(property) || typeof value !== 'string') return false;
    return !CANONICAL_INTEGER.test(value) || (ids && Number(value) > INT4_MAX);
  });
}

/** Writes a draft out as an inject request and decides whether a right server must refuse it. */
export function toRequest(route: RouteModel, draft: Draft): FuzzRequest {
  const path = route.url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) =>
    percentEncode(draft.params[name] ?? ''),
  );
  const queryText = Array.isArray(draft.query)
    ? draft.query.map(([key, value]) => `${percentEncode(key)}=${percentEncode(value)}`).join('&')
    : draft.query.raw;
  const url = queryText ? `${path}?${queryText}` : path;
  const headers: Record<string, string> = { ...draft.headers };
  let payload: string | Buffer | undefined;

  // Does the body pass? What each parser makes of it decides.
  const bodySchema = route.body?.zod;
  const accepts = (value: unknown) => !bodySchema || (obeysInputRules(value) && passes(bodySchema, value));
  let bodyOk = true;
  const body = draft.body;
  if (body.kind === 'json') {
    payload = jsonText(body.value);
    const contentType = body.contentType === undefined ? 'application/json' : body.contentType;
    if (contentType) headers['content-type'] = contentType;
    if (route.readsBody && bodySchema) bodyOk = accepts(JSON.parse(payload));
  } else if (body.kind === 'bytes') {
    payload = body.payload;
    if (body.contentType) headers['content-type'] = body.contentType;
    if (route.readsBody && bodySchema) {
      if (body.reads === 'json') {
        const parsed = jsonOrUndefined(payload.toString().replace(/^\ufeff/, ''));
        bodyOk = parsed !== undefined && accepts(parsed);
      } else if (body.reads === 'invalid' || body.reads === 'multipart') bodyOk = false;
      else if (body.reads === 'empty') bodyOk = accepts(undefined);
      else if (body.reads === 'text')
        bodyOk = accepts(typeof payload === 'string' ? payload : payload.toString());
      else bodyOk = accepts(undefined) || accepts(null);
    }
  }

  let queryOk = true;
  if (route.query) {
    if (Array.isArray(draft.query)) {
      const object = queryObject(draft.query);
      queryOk =
        obeysInputRules(object) &&
        passes(route.query.zod, object) &&
        !looseIntegers(route.query.json, object, false);
    } else {
      // A raw query string: only what the schema says of the near-valid pairs is known.
      queryOk = true;
    }
  }

  let paramsOk = true;
  const decodedParams: Record<string, string> = {};
  for (const [name, value] of Object.entries(draft.params)) {
    const decoded = decodedOrNull(value);
    if (decoded === null) paramsOk = false;
    else decodedParams[name] = decoded;
  }
  if (paramsOk && route.params) {
    paramsOk =
      obeysInputRules(decodedParams) &&
      passes(route.params.zod, decodedParams) &&
      !looseIntegers(route.params.json, decodedParams, true);
  }

  const emptyBodyAllowed =
    route.readsBody && !isTusRoute(route) && (!bodySchema || passes(bodySchema, undefined));
  return {
    method: route.method,
    url,
    headers,
    ...(payload !== undefined ? { payload } : {}),
    label: draft.label,
    mustReject: draft.refuse || !bodyOk || !queryOk || !paramsOk,
    emptyBodyAllowed,
    ...(draft.authorization !== undefined ? { authorization: draft.authorization } : {}),
    ...(draft.extra ? { extra: draft.extra } : {}),
  };
}

/** The request as text for a report: method, URL, headers and the start of the body, at most 500 characters. */
export function describeRequest(request: FuzzRequest, identity: Identity): string {
  const headers = Object.entries(request.headers).map(([name, value]) => `${name}: ${value}`);
  if (request.authorization !== undefined)
    headers.push(`authorization: ${request.authorization ?? '(none)'}`);
  const payload =
    request.payload === undefined
      ? ''
      : typeof request.payload === 'string'
        ? request.payload
        : `<${request.payload.length} bytes> ${request.payload.subarray(0, 300).toString('latin1')}`;
  const extra = request.extra ? ` (with ${request.extra})` : '';
  const text = `[${identity}]${extra} ${request.method} ${request.url}\n${headers.join('\n')}\n\n${payload}`;
  return visible(text, 500);
}

/** Shortens text and shows NUL, lone surrogates and other invisible characters as escapes. */
export function visible(text: string, max: number): string {
  const short = text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text;
  return short.replace(
    // eslint-disable-next-line no-control-regex -- control characters are what this makes visible
    /[\u0000-\u0008\u000b-\u001f\u007f\u2028\u2029\u202e\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

export { RawJson };
