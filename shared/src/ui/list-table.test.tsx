import { MantineProvider, Table } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ListCard, NARROW_LIST_QUERY } from './list-card';
import { ListTable } from './list-table';

interface Student {
  id: number;
  name: string;
  group: string;
}

const STUDENTS: Student[] = [
  { id: 3, name: 'Иванов Иван', group: '5А' },
  { id: 9, name: 'Петрова Анна', group: '6Б' },
];

const realMatchMedia = window.matchMedia;

/** Makes the screen a phone (NARROW_LIST_QUERY matches) or a wider one. */
function screenIs(narrow: boolean) {
  window.matchMedia = (query: string) =>
    ({
      ...realMatchMedia(query),
      matches: narrow && query === NARROW_LIST_QUERY,
      media: query,
    }) as MediaQueryList;
}

function show() {
  return render(
    <MantineProvider>
      <MemoryRouter>
        <ListTable
          items={STUDENTS}
          rowTestId="student-row"
          minWidth={560}
          card={(student) => (
            <ListCard to={`/student/${student.id}`} title={student.name} data-testid="student-row">
              {student.group}
            </ListCard>
          )}
          head={
            <>
              <Table.Th>ФИО</Table.Th>
              <Table.Th>Класс</Table.Th>
            </>
          }
          cells={(student) => (
            <>
              <Table.Td>{student.name}</Table.Td>
              <Table.Td>{student.group}</Table.Td>
            </>
          )}
        />
      </MemoryRouter>
    </MantineProvider>,
  );
}

afterEach(() => {
  window.matchMedia = realMatchMedia;
});

describe('ListTable', () => {
  it('is a table on a wide screen: the header, then one row of cells per item under the row test id', () => {
    screenIs(false);
    show();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['ФИО', 'Класс']);
    const rows = screen.getAllByTestId('student-row');
    expect(rows.map((row) => row.tagName)).toEqual(['TR', 'TR']);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Иванов Иван', '5А'],
      ['Петрова Анна', '6Б'],
    ]);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('is one card per item on a phone, with no table', () => {
    screenIs(true);
    show();
    expect(screen.queryByRole('table')).toBeNull();
    const cards = screen.getAllByTestId('student-row');
    expect(cards.map((card) => card.textContent)).toEqual(['Иванов Иван5А', 'Петрова Анна6Б']);
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/student/3',
      '/student/9',
    ]);
  });
});
