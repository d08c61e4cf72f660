// What the fuzz tier knows of a route, read from app.routeTable: its zod schemas as JSON Schema, a near-valid body, query and params, and whether a given input passes the schemas.
import { z } from 'zod';
import type { RouteInfo } from '../../../server/app.ts';

/** The part of JSON Schema that z.toJSONSchema writes for the API's schemas. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

/** One field of a body, query or params object, addressed by its path. */
export interface Field {
  path: (string | number)[];
  schema: JsonSchema;
  required: boolean;
}

export interface SchemaPart {
  zod: z.ZodType;
  json: JsonSchema;
  /** A value meant to pass the schema (checked: `valid` says whether it does). */
  base: unknown;
  valid: boolean;
  fields: Field[];
}

export interface RouteModel {
  method: string;
  url: string;
  /** `METHOD /url`, the route's name in reports and seeds. */
  key: string;
  paramNames: string[];
  body: SchemaPart | null;
  query: SchemaPart | null;
  params: SchemaPart | null;
  /** Fastify reads a body for this method (it ignores one on GET and HEAD). */
  readsBody: boolean;
}

/** Passwords of the fuzz identities never equal a generated value. */
export const IDENTITY_PASSWORD = 'fuzz identity password 7f3a';

/** An id that exists nowhere: near-valid requests address nothing, so they change nothing. */
export const ABSENT_ID = 987_654;
export const ABSENT_UUID = '0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9';

const isZod = (value: unknown): value is z.ZodType => value instanceof z.ZodType;

export function toJsonSchema(schema: z.ZodType): JsonSchema {
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return {};
  }
}

/** The schema without null alternatives (`x.nullish()` gives anyOf [x, null]). */
export function unwrapNullable(schema: JsonSchema): JsonSchema {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (!alternatives) return schema;
  const concrete = alternatives.filter((alternative) => alternative.type !== 'null');
  return concrete.length === 1 && concrete[0] ? unwrapNullable(concrete[0]) : (concrete[0] ?? schema);
}

export function typeOf(schema: JsonSchema): string | undefined {
  const inner = unwrapNullable(schema);
  if (Array.isArray(inner.type)) return inner.type.find((type) => type !== 'null');
  if (inner.type) return inner.type;
  if (inner.enum) return 'string';
  if (inner.properties) return 'object';
  return undefined;
}

/** Whether a schema position holds an integer (a JSON number in bodies, a decimal string in URLs). */
export const isInteger = (schema: JsonSchema) => typeOf(schema) === 'integer';
export const isNumeric = (schema: JsonSchema) => ['integer', 'number'].includes(typeOf(schema) ?? '');

const HEX64 = 'a'.repeat(64);

/** A string the schema accepts: the first candidate that fits enum, pattern, format and length. */
function baseString(schema: JsonSchema, name: string): string {
  if (schema.enum?.length) {
    const fallback = schema.default ?? schema.enum[0];
    return typeof fallback === 'string' ? fallback : String(schema.enum[0]);
  }
  if (typeof schema.const === 'string') return schema.const;
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Infinity;
  const lower = name.toLowerCase();
  const candidates = [
    ...(lower.includes('email') ? ['fuzz@example.org'] : []),
    ...(lower.includes('password') ? ['not the password 1234'] : []),
    ...(schema.format === 'uuid' ? [ABSENT_UUID] : []),
    'fuzz',
    'fuzz-worker',
    ABSENT_UUID,
    HEX64,
    'S-0123abcd',
    'fuzz@example.org',
  ];
  const pattern = schema.pattern ? safeRegExp(schema.pattern) : null;
  for (const candidate of candidates) {
    const padded = candidate.length < min ? candidate.padEnd(min, 'z') : candidate;
    if (padded.length > max) continue;
    if (pattern && !pattern.test(padded)) continue;
    return padded;
  }
  return 'z'.repeat(Math.min(Math.max(min, 1), max));
}

function safeRegExp(pattern: string): RegExp | null {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return null;
  }
}

function baseNumber(schema: JsonSchema, integer: boolean): number {
  const low =
    schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : (schema.minimum ?? -Infinity);
  const high =
    schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : (schema.maximum ?? Infinity);
  const value = Math.min(Math.max(ABSENT_ID, low), high);
  return integer ? Math.trunc(value) : value;
}

/** A near-valid value for a schema position: every optional property present, ids that address nothing. */
export function baseValue(schema: JsonSchema, name = ''): unknown {
  const inner = unwrapNullable(schema);
  switch (typeOf(inner)) {
    case 'string':
      return baseString(inner, name);
    case 'integer':
      return baseNumber(inner, true);
    case 'number':
      return baseNumber(inner, false);
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array': {
      const count = Math.max(1, inner.minItems ?? 1);
      return Array.from({ length: count }, () => baseValue(inner.items ?? {}, name));
    }
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(inner.properties ?? {}))
        value[key] = baseValue(property, key);
      if (!inner.properties && typeof inner.additionalProperties === 'object') {
        value.fuzz = baseValue(inner.additionalProperties, 'fuzz');
      }
      return value;
    }
    default:
      return 'fuzz';
  }
}

/** Fields of an object schema, two levels deep (array items by index 0, record entries by key "fuzz"). */
export function fieldsOf(schema: JsonSchema, path: (string | number)[] = [], depth = 0): Field[] {
  const inner = unwrapNullable(schema);
  const fields: Field[] = [];
  if (depth > 2) return fields;
  if (typeOf(inner) === 'object') {
    for (const [key, property] of Object.entries(inner.properties ?? {})) {
      const child = [...path, key];
      fields.push({ path: child, schema: property, required: inner.required?.includes(key) ?? false });
      fields.push(...fieldsOf(property, child, depth + 1));
    }
    if (!inner.properties && typeof inner.additionalProperties === 'object') {
      const child = [...path, 'fuzz'];
      fields.push({ path: child, schema: inner.additionalProperties, required: false });
    }
  } else if (typeOf(inner) === 'array' && inner.items) {
    const child = [...path, 0];
    fields.push({ path: child, schema: inner.items, required: (inner.minItems ?? 0) > 0 });
    fields.push(...fieldsOf(inner.items, child, depth + 1));
  }
  return fields;
}

export function passes(schema: z.ZodType, value: unknown): boolean {
  try {
    return schema.safeParse(value).success;
  } catch {
    // A schema that throws on a value (an async refinement) cannot vouch for it.
    return false;
  }
}

function schemaPart(schema: unknown, asStrings: boolean): SchemaPart | null {
  if (!isZod(schema)) return null;
  const json = toJsonSchema(schema);
  let base = baseValue(json);
  // Query strings and path params arrive as text.
  if (asStrings && base && typeof base === 'object') {
    base = Object.fromEntries(Object.entries(base).map(([key, value]) => [key, String(value)]));
  }
  return { zod: schema, json, base, valid: passes(schema, base), fields: fieldsOf(json) };
}

export function routeModel(route: RouteInfo): RouteModel {
  const paramNames = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] ?? '');
  return {
    method: route.method,
    url: route.url,
    key: `${route.method} ${route.url}`,
    paramNames,
    body: schemaPart(route.schema?.body, false),
    query: schemaPart(route.schema?.querystring, true),
    params: schemaPart(route.schema?.params, true),
    readsBody: route.method !== 'GET' && route.method !== 'HEAD',
  };
}

/** Sets a value at a path of a JSON value (copying on the way); `undefined` removes the key. */
export function setAt(root: unknown, path: (string | number)[], value: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  if (typeof head === 'number') {
    const list = Array.isArray(root) ? [...(root as unknown[])] : [];
    list[head] = setAt(list[head], rest, value);
    return list;
  }
  const object: Record<string, unknown> =
    root && typeof root === 'object' && !Array.isArray(root) ? { ...(root as Record<string, unknown>) } : {};
  const next = setAt(object[head], rest, value);
  if (next === undefined) delete object[head];
  else object[head] = next;
  return object;
}

export function getAt(root: unknown, path: (string | number)[]): unknown {
  let value = root;
  for (const step of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string | number, unknown>)[step];
  }
  return value;
}
