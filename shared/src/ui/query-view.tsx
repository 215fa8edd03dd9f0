import { Alert, Loader, Text } from '@mantine/core';
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
   * Shown instead of `children` when the data is an empty list (or `isEmpty` says so): a short
   * Russian line («Кабинетов пока нет»).
   */
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}

/**
 * The one way a screen shows a query: a red alert with the server's Russian message when it
 * failed, a loader until the first answer, a dimmed line when the list is empty, then the content.
 */
export function QueryView<T>({ query, errorText, empty, isEmpty, children }: QueryViewProps<T>) {
  if (query.error) return <Alert color="red">{getErrorMessage(query.error, errorText)}</Alert>;
  if (query.data === undefined) return <Loader />;
  const nothing = isEmpty ? isEmpty(query.data) : Array.isArray(query.data) && query.data.length === 0;
  if (nothing && empty !== undefined) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {empty}
      </Text>
    );
  }
  return <>{children(query.data)}</>;
}
