import { Drawer, Table } from '@mantine/core';
import { formatDate, QueryView } from '@parta/shared';
import { useCellHistory } from '../api/get-cell-history';

const ENTITY_LABELS = { mark: 'Оценки', attendance: 'Посещаемость', final_mark: 'Итоговая' } as const;

/** The audit trail of the cell under the cursor: who, when, old → new. */
export function HistoryDrawer({
  cell,
  title,
  onClose,
}: {
  cell: { lessonId: number; studentId: number } | null;
  title: string;
  onClose: () => void;
}) {
  const history = useCellHistory(cell);
  return (
    <Drawer opened={cell !== null} onClose={onClose} position="right" title={`История: ${title}`} size="md">
      <QueryView query={history} errorText="Не удалось загрузить историю" empty="Клетку ещё не меняли">
        {(entries) => (
          <Table data-testid="cell-history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Когда</Table.Th>
                <Table.Th>Кто</Table.Th>
                <Table.Th>Что</Table.Th>
                <Table.Th>Было → стало</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>
                    {formatDate(entry.changed_at)}{' '}
                    {new Date(entry.changed_at).toLocaleTimeString('ru-RU', {
                      hour: '2-digit',
                      minute: '2-digit',
                    })}
                  </Table.Td>
                  <Table.Td>{entry.user_name ?? '—'}</Table.Td>
                  <Table.Td>{ENTITY_LABELS[entry.entity]}</Table.Td>
                  <Table.Td>
                    {entry.old_value ?? '∅'} → {entry.new_value ?? '∅'}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </QueryView>
    </Drawer>
  );
}
