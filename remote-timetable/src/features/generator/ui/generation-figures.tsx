import { Table, Tabs, Text } from '@mantine/core';
import type { GenerationFigures } from '@parta/shared/domain/contracts/timetable-generator';

/** A figure a завуч wants at zero (gaps, late starts, days of 7 lessons): red when it is not. */
function Count({ value }: { value: number }) {
  return (
    <Text span size="sm" c={value > 0 ? 'red' : undefined} fw={value > 0 ? 600 : undefined}>
      {value}
    </Text>
  );
}

/** The result's figures per class and per teacher, as a завуч checks them before taking the timetable. */
export function GenerationFiguresView({ figures }: { figures: GenerationFigures }) {
  return (
    <Tabs defaultValue="classes" data-testid="generation-figures">
      <Tabs.List>
        <Tabs.Tab value="classes">Классы ({figures.classes.length})</Tabs.Tab>
        <Tabs.Tab value="teachers">Учителя ({figures.teachers.length})</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="classes" pt="xs">
        <Table.ScrollContainer minWidth={560}>
          <Table striped withTableBorder data-testid="class-figures">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Класс</Table.Th>
                <Table.Th>Окна</Table.Th>
                <Table.Th>Дней не с 1-го урока</Table.Th>
                <Table.Th>Самый длинный день</Table.Th>
                <Table.Th>Самый короткий день</Table.Th>
                <Table.Th>Дней по 7 уроков</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {figures.classes.map((row) => (
                <Table.Tr key={row.class_id}>
                  <Table.Td>
                    {row.name}
                    {row.note ? (
                      <Text size="xs" c="orange">
                        {row.note}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Count value={row.gaps} />
                  </Table.Td>
                  <Table.Td>
                    <Count value={row.late_starts} />
                  </Table.Td>
                  <Table.Td>{row.longest_day}</Table.Td>
                  <Table.Td>
                    <Text span size="sm" c={row.longest_day - row.shortest_day > 1 ? 'orange' : undefined}>
                      {row.shortest_day}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Count value={row.days_of_7} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Tabs.Panel>
      <Tabs.Panel value="teachers" pt="xs">
        <Table.ScrollContainer minWidth={480}>
          <Table striped withTableBorder data-testid="teacher-figures">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Учитель</Table.Th>
                <Table.Th>Окна</Table.Th>
                <Table.Th>Рабочих дней</Table.Th>
                <Table.Th>Самый длинный день</Table.Th>
                <Table.Th>Дней по 7 уроков</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {figures.teachers.map((row) => (
                <Table.Tr key={row.teacher_id}>
                  <Table.Td>{row.name}</Table.Td>
                  <Table.Td>
                    <Count value={row.gaps} />
                  </Table.Td>
                  <Table.Td>{row.days}</Table.Td>
                  <Table.Td>{row.longest_day}</Table.Td>
                  <Table.Td>
                    <Count value={row.days_of_7} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Tabs.Panel>
    </Tabs>
  );
}
