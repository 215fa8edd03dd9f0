import { Alert, Box, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { getErrorMessage } from '../api/errors';

/** What QueryView reads of a query (TanStack Query's result has both). */
export interface QueryLike<T> {
  data: T | undefined;
  error: unknown;
}

export interface QueryViewProps<T> {
  query: QueryLike<T>;
  /** The Russian refusal shown when the server's answer carries no message of its own. */
  errorText: string;
  /**
   * Shown instead of `children` when the data is an empty list, a page of an empty list (a paginated
   * `{ data: [], meta }` answer) or `isEmpty` says so: a short Russian line («Кабинетов пока нет»).
   */
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  /**
   * For a screen that keeps the previous answer on screen while the next one loads (a paged list
   * with `placeholderData: keepPreviousData`): set it to the query's `isPlaceholderData`. While
   * true, the content stays visible but dimmed under a small loader and is marked busy; it is never
   * remounted on the way in or out, so a table keeps its scroll.
   */
  refreshing?: boolean;
  children: (data: T) => ReactNode;
}

/** An empty list, or a page of a paginated answer (SPEC §7) with no rows. */
function isEmptyList(data: unknown): boolean {
  if (Array.isArray(data)) return data.length === 0;
  if (typeof data === 'object' && data !== null && 'data' in data && Array.isArray(data.data)) {
    return data.data.length === 0;
  }
  return false;
}

/**
 * The one way a screen shows a query: a red alert with the server's Russian message when it
 * failed, a loader until the first answer, a dimmed line when the list is empty, then the content
 * (dimmed while it is the previous page's and the next one loads, when the screen says `refreshing`).
 */
export function QueryView<T>({ query, errorText, empty, isEmpty, refreshing, children }: QueryViewProps<T>) {
  if (query.error) return <Alert color="red">{getErrorMessage(query.error, errorText)}</Alert>;
  if (query.data === undefined) return <Loader />;
  const nothing = isEmpty ? isEmpty(query.data) : isEmptyList(query.data);
  const content =
    nothing && empty !== undefined ? (
      <Text c="dimmed" ta="center" py="xl">
        {empty}
      </Text>
    ) : (
      children(query.data)
    );
  if (refreshing === undefined) return <>{content}</>;
  return (
    <Box pos="relative" aria-busy={refreshing}>
      <Box style={{ opacity: refreshing ? 0.5 : 1, transition: 'opacity 150ms ease' }}>{content}</Box>
      {refreshing ? (
        <Loader size="sm" pos="absolute" top={8} left="50%" style={{ transform: 'translateX(-50%)' }} />
      ) : null}
    </Box>
  );
}
