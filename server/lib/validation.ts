// Request validation at the server's edges: the input rules of core/api/input.ts (text PostgreSQL can store,
// bounded nesting) run on every route's body, query string and path parameters, whether or not the route
// declares a schema for them (inputRulesHook), on headers before their zod schema (the validator compiler), and
// on what routes parse themselves (multipart fields, tus metadata) through parseInput. One mapping from
// problems to the 400 answer `{ message, code, details: [{ path, message }] }`.
import type { FastifySchemaCompiler, preValidationHookHandler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ERROR_CODES } from '../../core/api/errors.ts';
import { findInputProblem, type InputProblem } from '../../core/api/input.ts';
import { problemsOf } from '../../core/api/problems.ts';
import { AppError } from '../errors.ts';

/** A 400 naming each problem; the message is the first problem's, or `summary` followed by it. */
export function validationError(problems: InputProblem[], summary?: (first: string) => string): AppError {
  const first = problems[0]?.message ?? 'The request is not valid.';
  return new AppError(400, summary ? summary(first) : first, ERROR_CODES.validation, problems);
}

/**
 * Parses a value a route read itself with a zod schema, after the input rules. Throws the 400 AppError; with
 * `summary`, its message wraps the first problem (e.g. "The upload's metadata is not valid: ...").
 */
export function parseInput<S extends z.ZodType>(
  schema: S,
  value: unknown,
  summary?: (first: string) => string,
): z.infer<S> {
  const problem = findInputProblem(value);
  if (problem) throw validationError([problem], summary);
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw validationError(problemsOf(parsed.error), summary);
  return parsed.data;
}

/**
 * Parses a form's text field that holds JSON (multipart metadata) with a zod schema: `notJson` is the 400's
 * message when it is not JSON; a blank or absent field is `whenBlank` when given (else it is not JSON).
 */
export function parseJsonField<S extends z.ZodType>(
  raw: string | undefined,
  schema: S,
  notJson: string,
  whenBlank?: unknown,
): z.infer<S> {
  let value: unknown = whenBlank;
  if (whenBlank === undefined || (raw !== undefined && raw.trim() !== '')) {
    try {
      value = JSON.parse(raw ?? '');
    } catch {
      throw new AppError(400, notJson, ERROR_CODES.validation);
    }
  }
  return parseInput(schema, value);
}

/** The parts of a request inputRulesHook checks on every route, before the compiler's schemas see them. */
const CHECKED_BY_HOOK = new Set(['body', 'querystring', 'params']);

/** Fastify's validator compiler: the route's zod schema, after the input rules for headers. */
export const inputValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = validatorCompiler(route);
  if (route.httpPart && CHECKED_BY_HOOK.has(route.httpPart)) return validate;
  return (data: unknown) => {
    const problem = findInputProblem(data);
    if (problem) return { error: validationError([problem]) };
    return validate(data);
  };
};

/** A body the parsers made of text or JSON; bytes and streams (audio, worker files) are the routes' own. */
function isParsedValue(body: unknown): boolean {
  if (typeof body === 'string' || Array.isArray(body)) return true;
  if (body === null || typeof body !== 'object') return false;
  const prototype: unknown = Object.getPrototypeOf(body);
  return prototype === Object.prototype || prototype === null;
}

/**
 * preValidation hook of every route (app.ts adds it after the route's own, so a sign-in refused here still
 * counts as an attempt): the input rules on path parameters, query string and body, declared or not. A route
 * that ignores its body still gets no NUL, lone surrogate or 20,000-level nesting past the edge.
 */
export const inputRulesHook: preValidationHookHandler = (request, _reply, done) => {
  const parts = isParsedValue(request.body)
    ? [request.params, request.query, request.body]
    : [request.params, request.query];
  for (const part of parts) {
    const problem = findInputProblem(part);
    if (problem) {
      done(validationError([problem]));
      return;
    }
  }
  done();
};
