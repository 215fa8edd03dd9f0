import { MantineProvider, Table } from '@mantine/core';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { AxiosError, type AxiosResponse } from 'axios';
import { ItemsTable, type ItemsTableProps } from './items-table';
import { notify } from './notify';

jest.mock('./notify', () => ({ notify: { success: jest.fn(), error: jest.fn(), info: jest.fn() } }));

interface Room {
  id: number;
  name: string;
  kind: string;
}

const ROOMS: Room[] = [
  { id: 1, name: '101', kind: 'Обычный' },
  { id: 7, name: 'Спортзал', kind: 'Спортзал' },
];

function refused(status: number, message: string): AxiosError {
  const response = { status, data: { message }, statusText: '', headers: {}, config: {} } as AxiosResponse;
  return new AxiosError('failed', 'ERR_BAD_RESPONSE', undefined, undefined, response);
}

function show(edit?: ItemsTableProps<Room>['edit']) {
  return render(
    <MantineProvider>
      <ItemsTable
        items={ROOMS}
        rowTestId="room-row"
        head={
          <>
            <Table.Th>Кабинет</Table.Th>
            <Table.Th>Вид</Table.Th>
          </>
        }
        cells={(room) => (
          <>
            <Table.Td>{room.name}</Table.Td>
            <Table.Td>{room.kind}</Table.Td>
          </>
        )}
        edit={edit}
      />
    </MantineProvider>,
  );
}

const rows = () => screen.getAllByTestId('room-row');
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

beforeEach(() => jest.clearAllMocks());

describe('ItemsTable', () => {
  it('shows one row per item with its own cells under the header, and no buttons for a reader', () => {
    show();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Кабинет', 'Вид']);
    expect(rows().map(cellsOf)).toEqual([
      ['101', 'Обычный'],
      ['Спортзал', 'Спортзал'],
    ]);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('ends each row and the header with one more cell holding «Изменить» and «Удалить» for an editor', () => {
    show({ onEdit: jest.fn(), onDelete: jest.fn() });
    expect(screen.getAllByRole('columnheader')).toHaveLength(3);
    for (const row of rows()) {
      expect(within(row).getAllByRole('cell')).toHaveLength(3);
      expect(
        within(row)
          .getAllByRole('button')
          .map((button) => button.getAttribute('aria-label')),
      ).toEqual(['Изменить', 'Удалить']);
    }
  });

  it('«Изменить» hands the row’s item to the editor', () => {
    const onEdit = jest.fn();
    show({ onEdit, onDelete: jest.fn() });
    fireEvent.click(within(rows()[1]).getByRole('button', { name: 'Изменить' }));
    expect(onEdit).toHaveBeenCalledWith(ROOMS[1]);
  });

  it('«Удалить» deletes the row’s item and shows the server’s answer', async () => {
    const onDelete = jest.fn(async () => 'Кабинет удалён');
    show({ onEdit: jest.fn(), onDelete });
    await act(async () => {
      fireEvent.click(within(rows()[0]).getByRole('button', { name: 'Удалить' }));
    });
    expect(onDelete).toHaveBeenCalledWith(ROOMS[0]);
    expect(notify.success).toHaveBeenCalledWith('Кабинет удалён');
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('shows nothing after a delete that answers no message, and the server’s refusal as an error', async () => {
    const onDelete = jest
      .fn<Promise<string | undefined>, [Room]>()
      .mockResolvedValueOnce(undefined)
      .mockRejectedValueOnce(refused(409, 'Кабинет занят в расписании'));
    show({ onEdit: jest.fn(), onDelete });
    await act(async () => {
      fireEvent.click(within(rows()[0]).getByRole('button', { name: 'Удалить' }));
    });
    expect(notify.success).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.click(within(rows()[1]).getByRole('button', { name: 'Удалить' }));
    });
    expect(notify.error).toHaveBeenCalledWith('Кабинет занят в расписании');
    expect(notify.success).not.toHaveBeenCalled();
  });
});
