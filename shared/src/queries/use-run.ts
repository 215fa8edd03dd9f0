import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';

/**
 * Following a background run (server/src/queue/runs.ts: a timetable generation, an archive build,
 * an import): the query that answers the run is asked again every `pollMs` while the run is queued
 * or running, and no more once it ended. One hook for every page that shows a run's progress.
 */
export const RUN_POLL_MS = 1000;

/** A run still under way: waiting in the queue or running on some instance. */
export function isRunUnderway(status: string | null | undefined): boolean {
  return status === 'queued' || status === 'running';
}

/** How often to ask again: `pollMs` while under way, while nothing is known yet with `whileLoading`. */
export function runPollInterval<TData>(
  data: TData | undefined,
  statusOf: (data: TData) => string | null | undefined,
  pollMs: number,
  whileLoading: boolean,
): number | false {
  if (data === undefined) return whileLoading ? pollMs : false;
  return isRunUnderway(statusOf(data)) ? pollMs : false;
}

export interface RunQueryOptions<TData, TKey extends QueryKey>
  extends Omit<UseQueryOptions<TData, Error, TData, TKey>, 'refetchInterval'> {
  /** The run's status in the answer (undefined or null: there is no run). */
  statusOf: (data: TData) => string | null | undefined;
  /** How often an underway run is asked again; RUN_POLL_MS by default. */
  pollMs?: number;
  /** Ask again while the first answer has not come (a run just started); default false. */
  whileLoading?: boolean;
}

/** `useQuery` of a run's answer, polled while the run is under way. */
export function useRun<TData, TKey extends QueryKey = QueryKey>({
  statusOf,
  pollMs = RUN_POLL_MS,
  whileLoading = false,
  ...options
}: RunQueryOptions<TData, TKey>) {
  return useQuery({
    ...options,
    refetchInterval: (query) => runPollInterval(query.state.data, statusOf, pollMs, whileLoading),
  });
}
