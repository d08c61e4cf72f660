// One shape for "what is wrong with this value": the `details` of a 400 answer, and of an answer the client
// could not read. Only zod's types are imported, so the page's first load can use it without zod itself.
import type { z } from 'zod';

export interface InputProblem {
  /** Where, as a dotted path ('' for the whole value). */
  path: string;
  message: string;
}

/** A zod error's issues as problems. */
export function problemsOf(error: z.ZodError): InputProblem[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}
