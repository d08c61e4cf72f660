// @vitest-environment happy-dom
// useLoaded as a screen uses it (Testing Library's renderHook, answers held back by hand): the answer on mount,
// a failure as an ApiError that a successful reload clears, the newest load winning over an older answer that
// arrives later (a reload, or a changed key). (An answer after unmount is dropped by the same check; React shows
// nothing of an unmounted component, so no test here could see it.)
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, CLIENT_ERROR_CODES, ERROR_TEXTS } from './api-client.ts';
import { useLoaded } from './use-loaded.ts';

/** A promise settled when the test says. */
function held<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Settles a held answer and lets React show what follows. */
const settle = (run: () => void) =>
  act(async () => {
    run();
    await Promise.resolve();
  });

afterEach(cleanup);

describe('useLoaded', () => {
  it('loads on mount: loading first, then the answer', async () => {
    const answer = held<string[]>();
    const { result } = renderHook(() => useLoaded(() => answer.promise));
    expect(result.current).toMatchObject({ data: null, error: null, loading: true });
    await settle(() => answer.resolve(['qaa']));
    expect(result.current).toMatchObject({ data: ['qaa'], error: null, loading: false });
  });

  it('keeps a failure as an ApiError; a reload that succeeds clears it', async () => {
    let fail = true;
    const { result } = renderHook(() =>
      useLoaded(() =>
        fail ? Promise.reject(new ApiError('Forbidden', 403, 'FORBIDDEN')) : Promise.resolve('list'),
      ),
    );
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.error).toBeInstanceOf(ApiError);
    expect(result.current.error).toMatchObject({ message: 'Forbidden', status: 403, code: 'FORBIDDEN' });
    expect(result.current.data).toBeNull();

    fail = false;
    await act(() => result.current.reload());
    expect(result.current).toMatchObject({ data: 'list', error: null, loading: false });
  });

  it('turns anything else thrown into the ApiError the app would show (no connection)', async () => {
    const { result } = renderHook(() =>
      useLoaded<string>(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await waitFor(() => expect(result.current.error).not.toBeNull());
    expect(result.current.error).toBeInstanceOf(ApiError);
    expect(result.current.error).toMatchObject({
      message: ERROR_TEXTS.network,
      status: null,
      code: CLIENT_ERROR_CODES.network,
    });
  });

  it('keeps the last answer when a reload fails', async () => {
    let fail = false;
    const { result } = renderHook(() =>
      useLoaded(() => (fail ? Promise.reject(new ApiError('Down', 503)) : Promise.resolve('first'))),
    );
    await waitFor(() => expect(result.current.data).toBe('first'));
    fail = true;
    await act(() => result.current.reload());
    expect(result.current).toMatchObject({ data: 'first', loading: false });
    expect(result.current.error?.message).toBe('Down');
  });

  it('drops an older answer that arrives after a newer reload', async () => {
    const answers = [held<string>(), held<string>()];
    let calls = 0;
    const { result } = renderHook(() => useLoaded(() => answers[calls++]!.promise));
    let second!: Promise<void>;
    act(() => {
      second = result.current.reload();
    });
    await act(async () => {
      answers[1]!.resolve('newer');
      await second;
    });
    expect(result.current.data).toBe('newer');
    await settle(() => answers[0]!.resolve('older'));
    expect(result.current).toMatchObject({ data: 'newer', loading: false });
  });

  it('loads again when the key changes, with the fetcher of that render; the old key’s late answer is dropped', async () => {
    const pages = new Map([
      [1, held<string>()],
      [2, held<string>()],
    ]);
    const { result, rerender } = renderHook(
      ({ page }: { page: number }) => useLoaded(() => pages.get(page)!.promise, String(page)),
      { initialProps: { page: 1 } },
    );
    rerender({ page: 2 });
    await settle(() => pages.get(2)!.resolve('page 2'));
    expect(result.current.data).toBe('page 2');
    await settle(() => pages.get(1)!.resolve('page 1'));
    expect(result.current.data).toBe('page 2');
  });

  it('calls the fetcher once per mount and per reload, not per render', async () => {
    let calls = 0;
    const { result, rerender } = renderHook(() => useLoaded(() => Promise.resolve(++calls)));
    await waitFor(() => expect(result.current.data).toBe(1));
    rerender();
    rerender();
    expect(calls).toBe(1);
    await act(() => result.current.reload());
    expect(result.current.data).toBe(2);
  });
});
