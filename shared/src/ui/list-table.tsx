import { Stack, Table } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { useNarrowList } from './list-card';

export interface ListTableProps<T extends { id: number }> {
  items: T[];
  /** On a phone: the item's ListCard. */
  card: (item: T) => ReactNode;
  /** On a wider screen: the table's header cells… */
  head: ReactNode;
  /** …and the item's cells. */
  cells: (item: T) => ReactNode;
  /** Each table row's data-testid (give the ListCard the same one: the browser tests count either). */
  rowTestId: string;
  /** Below this width the table scrolls sideways. */
  minWidth: number;
}

/**
 * One page of a server-paged list (students, staff, applications): a striped table on wide screens,
 * one card per item on phones, where a table would have to scroll sideways.
 */
export function ListTable<T extends { id: number }>({
  items,
  card,
  head,
  cells,
  rowTestId,
  minWidth,
}: ListTableProps<T>) {
  const narrow = useNarrowList();
  if (narrow) {
    return (
      <Stack gap="xs">
        {items.map((item) => (
          <Fragment key={item.id}>{card(item)}</Fragment>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>{head}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id} data-testid={rowTestId}>
              {cells(item)}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
