import { ActionIcon, Group, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { getErrorMessage } from '../api/errors';
import { notify } from './notify';

export interface RowActionsProps {
  onEdit: () => void;
  /** Deletes the row; what it answers (a message) is shown, a refusal is shown as an error. */
  onDelete: () => Promise<string | undefined>;
}

/** The last cell of an editable list row: «Изменить» and «Удалить» (one way for every such list). */
export function RowActions({ onEdit, onDelete }: RowActionsProps) {
  return (
    <Table.Td ta="right">
      <Group gap={4} justify="flex-end" wrap="nowrap">
        <ActionIcon variant="subtle" aria-label="Изменить" onClick={onEdit}>
          ✎
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label="Удалить"
          onClick={async () => {
            try {
              const message = await onDelete();
              if (message) notify.success(message);
            } catch (error) {
              notify.error(getErrorMessage(error));
            }
          }}
        >
          ✕
        </ActionIcon>
      </Group>
    </Table.Td>
  );
}

export interface ItemsTableProps<T extends { id: number }> {
  items: T[];
  /** The header cells of the items' own columns. */
  head: ReactNode;
  /** One item's own cells. */
  cells: (item: T) => ReactNode;
  /** Each row's data-testid (the browser tests count rows by it). */
  rowTestId: string;
  /**
   * Given when the user may change the list: each row ends in «Изменить» (usually
   * `useItemEditor`'s `open`, with EditorModal beside the table) and «Удалить».
   */
  edit?: { onEdit: (item: T) => void; onDelete: (item: T) => Promise<string | undefined> };
}

/**
 * A school's list of items (rooms, subjects) as a table whose rows end in «Изменить» and «Удалить»
 * for someone who may change it; on a phone it scrolls sideways below 340 px.
 */
export function ItemsTable<T extends { id: number }>({
  items,
  head,
  cells,
  rowTestId,
  edit,
}: ItemsTableProps<T>) {
  return (
    <Table.ScrollContainer minWidth={340}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {head}
            {edit ? <Table.Th /> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id} data-testid={rowTestId}>
              {cells(item)}
              {edit ? (
                <RowActions onEdit={() => edit.onEdit(item)} onDelete={() => edit.onDelete(item)} />
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
