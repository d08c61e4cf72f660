// Rules every request input obeys, whatever the route: text PostgreSQL can store, bounded nesting, and ids
// that are the database's 32-bit serials, written once here and applied at the server's edges.
import { z } from 'zod';
import { validationText } from './texts.ts';
import type { InputProblem } from './problems.ts';

export type { InputProblem } from './problems.ts';

/** Largest value of a PostgreSQL `integer` (serial ids). */
export const INT4_MAX = 2_147_483_647;
/** Deepest nesting a request body may have; the API's own bodies need a handful of levels. */
export const INPUT_MAX_DEPTH = 32;

export const INPUT_MESSAGES = {
  nul: validationText('textNul'),
  surrogate: validationText('textSurrogate'),
  depth: validationText('nestedTooDeep', { max: INPUT_MAX_DEPTH }),
} as const;

function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return INPUT_MESSAGES.nul;
  if (!text.isWellFormed()) return INPUT_MESSAGES.surrogate;
  return null;
}

/** A path as a linked list: pushing a child costs nothing; the dotted text is made only for a problem. */
interface PathNode {
  key: string;
  parent: PathNode | null;
}

function pathText(node: PathNode | null): string {
  const keys: string[] = [];
  for (let at = node; at; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
}

/**
 * The first string (value or key) PostgreSQL could not store as text, or nesting deeper than INPUT_MAX_DEPTH;
 * null when the input is clean. Iterative, so no input can exhaust the stack; linear in the input's size, and
 * cheap per element (a body of 200,000 numbers is checked in milliseconds).
 */
export function findInputProblem(input: unknown): InputProblem | null {
  if (typeof input === 'string') {
    const message = textProblem(input);
    return message ? { path: '', message } : null;
  }
  if (input === null || typeof input !== 'object') return null;
  const values: object[] = [input];
  const depths: number[] = [0];
  const paths: (PathNode | null)[] = [null];
  while (values.length > 0) {
    const value = values.pop()!;
    const depth = depths.pop()!;
    const path = paths.pop()!;
    if (depth >= INPUT_MAX_DEPTH) return { path: pathText(path), message: INPUT_MESSAGES.depth };
    const isArray = Array.isArray(value);
    const keys = isArray ? null : Object.keys(value);
    const length = isArray ? value.length : keys!.length;
    for (let index = 0; index < length; index += 1) {
      const key = isArray ? null : keys![index]!;
      if (key !== null) {
        const keyProblem = textProblem(key);
        if (keyProblem) return { path: pathText({ key, parent: path }), message: keyProblem };
      }
      const child: unknown = isArray ? (value as unknown[])[index] : (value as Record<string, unknown>)[key!];
      if (typeof child === 'string') {
        const message = textProblem(child);
        if (message) return { path: pathText({ key: key ?? String(index), parent: path }), message };
      } else if (child !== null && typeof child === 'object') {
        values.push(child);
        depths.push(depth + 1);
        paths.push({ key: key ?? String(index), parent: path });
      }
    }
  }
  return null;
}

/** A serial id in a JSON body: a whole number from 1 to INT4_MAX. */
/**
 * When something happened on the phone, by its clock (ISO 8601 with its offset; length bounded before the
 * pattern). The server keeps it beside the arrival time when plausible (plausibleRecordedAt, core/api/recordings.ts).
 */
export const clientTimeSchema = z
  .string()
  .max(40, 'Must be an ISO 8601 time')
  .pipe(z.iso.datetime({ offset: true, error: 'Must be an ISO 8601 time' }));

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

/**
 * A whole number written as text in a query string (page, limit): plain decimal digits only ('1e3', '0x10',
 * '+1' and '1.0' are refused), from `min` to `max`.
 */
export const integerTextSchema = (
  min: number,
  max: number,
  message = `Must be a whole number from ${min} to ${max}`,
) =>
  z
    .union([z.string(), z.number()], { error: message })
    .transform((value) => String(value))
    .pipe(
      z
        .string()
        .max(String(max).length, message)
        .regex(/^(0|[1-9][0-9]*)$/, message),
    )
    .transform(Number)
    .pipe(z.number().min(min, message).max(max, message));
