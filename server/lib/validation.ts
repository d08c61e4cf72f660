// Request validation at the server's edges: the input rules of core/api/input.ts (text PostgreSQL can store,
// bounded nesting) run before every zod schema, for JSON, query strings, path parameters and headers through
// Fastify's validator compiler, and for what routes parse themselves (multipart fields, tus metadata) through
// parseInput. One mapping from problems to the 400 answer `{ message, code, details: [{ path, message }] }`.
import type { FastifySchemaCompiler } from 'fastify';
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

/** Fastify's validator compiler: the input rules first, then the route's zod schema. */
export const inputValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = validatorCompiler(route);
  return (data: unknown) => {
    const problem = findInputProblem(data);
    if (problem) return { error: validationError([problem]) };
    return validate(data);
  };
};
