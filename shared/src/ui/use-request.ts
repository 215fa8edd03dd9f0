import { type DependencyList, useCallback, useEffect, useRef, useState } from 'react';

export interface RequestState<T> {
  /** The last answer; kept while a new request runs, so a table does not blink between pages. */
  data: T | undefined;
  error: unknown;
  loading: boolean;
  /** Runs the request again (after a save). */
  reload: () => Promise<void>;
}

/**
 * Runs `load` when `deps` change and keeps its answer; an answer that arrives after a newer request
 * started is dropped, so fast typing in a search box never shows stale rows.
 */
export function useRequest<T>(load: () => Promise<T>, deps: DependencyList, enabled = true): RequestState<T> {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(enabled);
  const latest = useRef(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller lists what the request depends on
  const run = useCallback(async () => {
    if (!enabled) return;
    const ticket = ++latest.current;
    setLoading(true);
    try {
      const answer = await load();
      if (ticket !== latest.current) return;
      setData(answer);
      setError(null);
    } catch (failure) {
      if (ticket !== latest.current) return;
      setError(failure);
    } finally {
      if (ticket === latest.current) setLoading(false);
    }
  }, [...deps, enabled]);

  useEffect(() => {
    void run();
  }, [run]);

  return { data, error, loading, reload: run };
}
