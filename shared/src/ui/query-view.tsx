import { Alert, Box, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { getErrorMessage } from '../api/errors';
import type { PageMeta } from '../domain/contracts/common';
import { ListPager } from './list-pager';
import { useRevealInSlices } from './use-reveal-in-slices';

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
  /**
   * For a screen that keeps the previous answer on screen while the next one loads
   * (`placeholderData: keepPreviousData`): the query's `isPlaceholderData`. While true, the content
   * stays visible but dimmed under a small loader and is marked busy; it is never remounted on the
   * way in or out, so a table keeps its scroll and its unfolded rows.
   */
  refreshing?: boolean;
  children: (data: T) => ReactNode;
}

/**
 * The one way a screen shows a query: a red alert with the server's Russian message when it
 * failed, a loader until the first answer, a dimmed line when the list is empty, then the content
 * (dimmed while it is an earlier answer and the next one loads, for a screen that says `refreshing`).
 * The first answer is drawn in slices (`useRevealInSlices`), so a big screen is no long task.
 */
export function QueryView<T>({ query, errorText, empty, isEmpty, refreshing, children }: QueryViewProps<T>) {
  const revealed = useRevealInSlices(query.data !== undefined);
  if (query.error) return <Alert color="red">{getErrorMessage(query.error, errorText)}</Alert>;
  if (query.data === undefined || !revealed) return <Loader />;
  const nothing = isEmpty ? isEmpty(query.data) : Array.isArray(query.data) && query.data.length === 0;
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

/** One page of a paginated answer (SPEC §7) and what the query knows about it. */
export interface PagedQueryLike<Row> extends QueryLike<{ data: Row[]; meta: PageMeta }> {
  /** True while the page shown is the previous one and the asked one loads (keepPreviousData). */
  isPlaceholderData: boolean;
}

export interface PagedQueryViewProps<Row> extends Pick<QueryViewProps<Row[]>, 'errorText' | 'empty'> {
  query: PagedQueryLike<Row>;
  /** Called with the page the user picks in the pager. */
  onPage: (page: number) => void;
  /** The rows of the page. */
  children: (rows: Row[]) => ReactNode;
}

/**
 * A server-paged list (students, staff, the registry, applications): QueryView's chain for one page
 * of rows, the previous page dimmed while the next one loads, and the pager («1–15 из 600») under it.
 */
export function PagedQueryView<Row>({ query, onPage, children, ...view }: PagedQueryViewProps<Row>) {
  return (
    <>
      <QueryView
        {...view}
        query={query}
        isEmpty={(page) => page.data.length === 0}
        refreshing={query.isPlaceholderData}
      >
        {(page) => children(page.data)}
      </QueryView>
      <ListPager meta={query.data?.meta} onChange={onPage} />
    </>
  );
}
