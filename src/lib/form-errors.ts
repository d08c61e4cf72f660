// Field errors from a zod result, first message per field.
import type { z } from 'zod';

export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const result: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    if (key && !(key in result)) result[key] = issue.message;
  }
  return result;
}
