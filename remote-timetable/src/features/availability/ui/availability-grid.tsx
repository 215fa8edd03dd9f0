import { Box, Table, UnstyledButton } from '@mantine/core';
import type { Cell } from '@parta/shared/domain/contracts/timetable-generator';
import { WEEK_DAYS, WEEK_DAYS_SHORT } from '@parta/shared/domain/week';

export interface AvailabilityGridProps {
  days: number;
  lessons: number;
  unavailable: Cell[];
  disabled?: boolean;
  onToggle: (cell: Cell) => void;
}

const key = (weekday: number, lesson: number) => `${weekday}|${lesson}`;

/**
 * Day × lesson: a click toggles a cell between available and not (red, «нет»). On a phone the days
 * are «Пн…Сб», so a six-day week fits 390 px without scrolling.
 */
export function AvailabilityGrid({ days, lessons, unavailable, disabled, onToggle }: AvailabilityGridProps) {
  const off = new Set(unavailable.map((cell) => key(cell.weekday, cell.lesson_number)));
  const weekdays = Array.from({ length: days }, (_, index) => index + 1);
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table withColumnBorders withTableBorder data-testid="availability-grid">
        <Table.Thead>
          <Table.Tr>
            <Table.Th px={6}>Урок</Table.Th>
            {weekdays.map((weekday) => (
              <Table.Th key={weekday} ta="center" px={4}>
                <Box component="span" visibleFrom="sm">
                  {WEEK_DAYS[weekday - 1]}
                </Box>
                <Box
                  component="abbr"
                  hiddenFrom="sm"
                  title={WEEK_DAYS[weekday - 1]}
                  style={{ textDecoration: 'none' }}
                >
                  {WEEK_DAYS_SHORT[weekday - 1]}
                </Box>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {Array.from({ length: lessons }, (_, index) => index + 1).map((lesson) => (
            <Table.Tr key={lesson}>
              <Table.Td>{lesson}</Table.Td>
              {weekdays.map((weekday) => {
                const isOff = off.has(key(weekday, lesson));
                return (
                  <Table.Td key={weekday} p={0} bg={isOff ? 'var(--mantine-color-red-light)' : undefined}>
                    <UnstyledButton
                      w="100%"
                      py={6}
                      ta="center"
                      disabled={disabled}
                      aria-pressed={isOff}
                      aria-label={`${WEEK_DAYS[weekday - 1]}, ${lesson} урок: ${isOff ? 'недоступен' : 'доступен'}`}
                      onClick={() => onToggle({ weekday, lesson_number: lesson })}
                    >
                      {isOff ? 'нет' : '·'}
                    </UnstyledButton>
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
