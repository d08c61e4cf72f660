// Rules every request input obeys, whatever the route: text PostgreSQL can store, bounded nesting, and ids
// that are the database's 32-bit serials, written once here and applied at the server's edges.
import { z } from 'zod';

/** Largest value of a PostgreSQL `integer` (serial ids). */
export const INT4_MAX = 2_147_483_647;
/** Deepest nesting a request body may have; the API's own bodies need a handful of levels. */
export const INPUT_MAX_DEPTH = 32;

export const INPUT_MESSAGES = {
  nul: 'Text may not contain the NUL character (U+0000).',
  surrogate: 'Text must be valid Unicode (a lone surrogate was found).',
  depth: `The request is nested more than ${INPUT_MAX_DEPTH} levels deep.`,
} as const;

export interface InputProblem {
  /** Where, as a dotted path ('' for the whole value). */
  path: string;
  message: string;
}

function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return INPUT_MESSAGES.nul;
  if (!text.isWellFormed()) return INPUT_MESSAGES.surrogate;
  return null;
}

/**
 * The first string (value or key) PostgreSQL could not store as text, or nesting deeper than INPUT_MAX_DEPTH;
 * null when the input is clean. Iterative, so no input can exhaust the stack; linear in the input's size.
 */
export function findInputProblem(input: unknown): InputProblem | null {
  const stack: { value: unknown; path: string[] }[] = [{ value: input, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      const message = textProblem(value);
      if (message) return { path: path.join('.'), message };
    } else if (value !== null && typeof value === 'object') {
      if (path.length >= INPUT_MAX_DEPTH) return { path: path.join('.'), message: INPUT_MESSAGES.depth };
      for (const [key, child] of Object.entries(value)) {
        const message = textProblem(key);
        if (message) return { path: [...path, key].join('.'), message };
        stack.push({ value: child, path: [...path, key] });
      }
    }
  }
  return null;
}

/** A serial id in a JSON body: a whole number from 1 to INT4_MAX. */
export const serialIdSchema = (message = 'Not a valid id') =>
  z.number({ error: message }).int(message).min(1, message).max(INT4_MAX, message);

/**
 * A serial id written as text (path parameters, query strings, tus metadata): decimal digits only, no sign,
 * no leading zero, no hex or exponent ('0x10' and '1e3' are refused), at most INT4_MAX.
 */
export const serialIdTextSchema = (message = 'Not a valid id') =>
  z
    .union([z.string(), z.number()], { error: message })
    .transform((value) => String(value))
    .pipe(
      z
        .string()
        .max(10, message)
        .regex(/^[1-9][0-9]*$/, message),
    )
    .transform(Number)
    .pipe(z.number().max(INT4_MAX, message));
