import { Box, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface WeekGridProps {
  /** Column headings, one per working day. */
  days: string[];
  /** Lesson numbers, one row each. */
  numbers: number[];
  /** What one cell holds (weekday 1 = Monday). */
  cell: (weekday: number, lessonNumber: number) => ReactNode;
  /** Extra text under a lesson number (its bell times). */
  rowLabel?: (lessonNumber: number) => ReactNode;
}

/** The week as a school prints it: working days across, lesson numbers down. */
export function WeekGrid({ days, numbers, cell, rowLabel }: WeekGridProps) {
  return (
    <Table.ScrollContainer minWidth={days.length * 110 + 60}>
      <Table withTableBorder withColumnBorders layout="fixed" data-testid="week-grid">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={64}>Урок</Table.Th>
            {days.map((day) => (
              <Table.Th key={day}>{day}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {numbers.map((lessonNumber) => (
            <Table.Tr key={lessonNumber}>
              <Table.Td>
                <Text fw={600}>{lessonNumber}</Text>
                {rowLabel ? (
                  <Text size="xs" c="dimmed">
                    {rowLabel(lessonNumber)}
                  </Text>
                ) : null}
              </Table.Td>
              {days.map((day, index) => (
                <Table.Td key={day} p={4} style={{ verticalAlign: 'top' }}>
                  <Box mih={44}>{cell(index + 1, lessonNumber)}</Box>
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
