// One JSON call to the app's API for scripts and benchmarks (their set-up, not what they time): the body as JSON,
// the token as a bearer, and an answer that is not a success thrown with its status and text. `fetch` is the
// caller's (the sync storm passes the process's own, not its phones' instrumented one).
export async function api<T>(
  fetch: typeof globalThis.fetch,
  base: string,
  method: 'GET' | 'POST',
  route: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const response = await fetch(`${base}${route}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(120_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}
