// What a route tells the published contract (/api/openapi.json) beyond its zod schemas, as data in its route
// `config`: the error answers only it gives, answers that are not JSON (files, text, no body) and request bodies
// that are not JSON (multipart forms, raw bytes). server/plugins/openapi-operations.ts adds what every route of
// its kind answers (derived from its schemas, its `access` and its rate limit), so nothing is listed twice.
import { z } from 'zod';
import type { ErrorAnswer } from '../../core/api/errors.ts';

/**
 * Who may call a route: set by the guard that protects it (server/plugins/auth.ts, the worker routes), never by
 * hand, so the contract's `security` follows the code. A route without one is public.
 */
export type RouteAccess = 'user' | 'admin' | 'worker';

/** A JSON Schema (2020-12, as OpenAPI 3.1 uses) of a body, field or header. */
export type JsonSchema = Record<string, unknown>;

/** A success answer that is not a zod-described JSON body: a file, text, or no body at all. */
export interface MediaAnswer {
  status: number;
  description: string;
  /** The media types of its body (the first is the usual one); none for an answer without a body (204, 304). */
  types?: readonly string[];
  /** The schema of the body; binary bytes when left out. */
  schema?: JsonSchema;
  /** Response headers that carry meaning, by name. */
  headers?: Readonly<Record<string, { description: string; schema?: JsonSchema }>>;
}

/** A request body that is not plain JSON: its media types with the schema of each. */
export interface BodyContract {
  description: string;
  content: Readonly<Record<string, JsonSchema>>;
  required: boolean;
}

/** A request header that carries meaning (tus's Upload-Offset, say) and is read by the handler, not a schema. */
export interface HeaderContract {
  name: string;
  description: string;
  required?: boolean;
  schema?: JsonSchema;
}

/** The contract fields of a route's config, for a helper that gives several at once. */
export interface RouteContractConfig {
  errors?: readonly ErrorAnswer[];
  answers?: readonly MediaAnswer[];
  requestBody?: BodyContract;
  requestHeaders?: readonly HeaderContract[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by the guard protecting the route; see RouteAccess. */
    access?: RouteAccess;
    /** The error answers only this route gives (the mutation registry's `errors` fit here as they are). */
    errors?: readonly ErrorAnswer[];
    /** Success answers that are files, text or empty. */
    answers?: readonly MediaAnswer[];
    /** A body that is not JSON (multipart, raw bytes), in place of the schema's `body` in the contract. */
    requestBody?: BodyContract;
    /** Request headers the handler reads. */
    requestHeaders?: readonly HeaderContract[];
  }
}

/** Bytes of a file of these media types, as OpenAPI 3.1 describes them. */
export const binary = (mediaType = 'application/octet-stream'): JsonSchema => ({
  type: 'string',
  contentMediaType: mediaType,
});

/** A 200 answer of file bytes of these media types (zips, audio, model files). */
export const fileAnswer = (description: string, types: readonly string[], status = 200): MediaAnswer => ({
  status,
  description,
  types,
  schema: { type: 'string', format: 'binary' },
});

/** A 200 answer of text of these media types (CSV, GEDCOM, gettext PO, JSON lines). */
export const textAnswer = (description: string, types: readonly string[], status = 200): MediaAnswer => ({
  status,
  description,
  types,
  schema: { type: 'string' },
});

/** A JSON answer a handler sends itself (not through a response schema), described by its zod schema. */
export const jsonAnswer = (description: string, schema: z.ZodType, status = 200): MediaAnswer => {
  const { $schema: _dialect, ...body } = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' });
  return { status, description, types: ['application/json'], schema: body };
};

/** An answer without a body (204 done, 304 not modified). */
export const emptyAnswer = (status: number, description: string): MediaAnswer => ({ status, description });

/** The JSON Schema of a zod schema as a request reads it. */
export const inputJsonSchema = (schema: z.ZodType): JsonSchema =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });

/**
 * A multipart/form-data body: `files` names each file field with the media type it takes, `jsonFields` each
 * text field that holds JSON with the zod schema its value is parsed with.
 */
export function multipartBody(options: {
  description: string;
  files: Readonly<Record<string, string>>;
  jsonFields?: Readonly<Record<string, z.ZodType>>;
  requiredFiles?: boolean;
}): BodyContract {
  const properties: Record<string, JsonSchema> = {};
  for (const [name, type] of Object.entries(options.files)) properties[name] = binary(type);
  for (const [name, schema] of Object.entries(options.jsonFields ?? {})) {
    const { $schema: _dialect, ...contentSchema } = inputJsonSchema(schema);
    properties[name] = { type: 'string', contentMediaType: 'application/json', contentSchema };
  }
  return {
    description: options.description,
    required: true,
    content: {
      'multipart/form-data': {
        type: 'object',
        properties,
        ...(options.requiredFiles === false ? {} : { required: Object.keys(options.files) }),
      },
    },
  };
}
