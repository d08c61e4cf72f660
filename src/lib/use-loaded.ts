// What a screen loads when it is shown: the answer, the failure as an ApiError (its message in the interface's
// language), whether a load is under way, and `reload` (after a change the screen made). An answer that comes
// after a newer load began, after `key` changed or after the screen closed is dropped.
import { useCallback, useEffect, useRef, useState } from 'react';
import { toApiError, type ApiError } from './api-client.ts';

export interface Loaded<T> {
  /** The last answer; kept while a reload runs or fails. */
  data: T | null;
  /** Why the last load failed; null once one succeeds. */
  error: ApiError | null;
  loading: boolean;
  reload: () => Promise<void>;
}

/**
 * Calls `fetcher` when the component mounts and again whenever `key` (what the fetch depends on, as text)
 * changes; the fetcher of the latest render is the one called.
 */
export function useLoaded<T>(fetcher: () => Promise<T>, key = ''): Loaded<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [loading, setLoading] = useState(true);
  const latestFetcher = useRef(fetcher);
  latestFetcher.current = fetcher;
  // The newest load, whose answer alone is kept; none once the key changed or the component unmounted.
  const newest = useRef<object | null>(null);
  const mounted = useRef(false);

  const reload = useCallback(async () => {
    const call = {};
    newest.current = call;
    const current = () => mounted.current && newest.current === call;
    setLoading(true);
    try {
      const answer = await latestFetcher.current();
      if (!current()) return;
      setData(answer);
      setError(null);
    } catch (caught) {
      const failure = await toApiError(caught);
      if (!current()) return;
      setError(failure);
    }
    setLoading(false);
  }, []);

  useEffect(() => {
    mounted.current = true;
    void reload();
    return () => {
      mounted.current = false;
      newest.current = null;
    };
  }, [reload, key]);

  return { data, error, loading, reload };
}
