import { ActionIcon, Group, Table } from '@mantine/core';
import { getErrorMessage, notify } from '@parta/shared';

interface RowActionsProps {
  onEdit: () => void;
  /** Deletes the row; what it answers (a message) is shown, a refusal is shown as an error. */
  onDelete: () => Promise<string | undefined>;
}

/** The last cell of an editable list row: «Изменить» and «Удалить» (one way for every timetable list). */
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
