import { List, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A row of an .xlsx import as the server checked it: its sheet row number and what is wrong. */
export interface CheckedImportRow {
  row: number;
  problems: string[];
}

export interface ImportCheckTableProps<Row extends CheckedImportRow> {
  /** The checked rows, in sheet order. */
  rows: Row[];
  /** The columns between «Строка» and «Проверка»: a header and what a row shows in it. */
  columns: { label: string; value: (row: Row) => ReactNode }[];
  /** Below this width the table scrolls sideways inside the dialog. */
  minWidth?: number;
}

/**
 * The rows of an import file before anything is saved: each row's own values and its problems in
 * red, a row with problems tinted (`data-invalid`), so a teacher fixes the file line by line.
 */
export function ImportCheckTable<Row extends CheckedImportRow>({
  rows,
  columns,
  minWidth = 600,
}: ImportCheckTableProps<Row>) {
  return (
    <Table.ScrollContainer minWidth={minWidth} mah={360}>
      <Table striped fz="sm" verticalSpacing="xs" stickyHeader>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Строка</Table.Th>
            {columns.map((column) => (
              <Table.Th key={column.label}>{column.label}</Table.Th>
            ))}
            <Table.Th>Проверка</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr
              key={row.row}
              data-testid="import-row"
              data-invalid={row.problems.length > 0 || undefined}
              bg={row.problems.length > 0 ? 'var(--mantine-color-red-light)' : undefined}
            >
              <Table.Td>{row.row}</Table.Td>
              {columns.map((column) => (
                <Table.Td key={column.label}>{column.value(row)}</Table.Td>
              ))}
              <Table.Td>
                {row.problems.length === 0 ? (
                  <Text size="sm" c="emerald">
                    Готово к загрузке
                  </Text>
                ) : (
                  <List size="sm" c="red" spacing={2}>
                    {row.problems.map((problem) => (
                      <List.Item key={problem}>{problem}</List.Item>
                    ))}
                  </List>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
