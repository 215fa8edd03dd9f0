import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { AxiosError, type AxiosResponse } from 'axios';
import { QueryView } from './query-view';

function refused(status: number, message: string): AxiosError {
  const response = { status, data: { message }, statusText: '', headers: {}, config: {} } as AxiosResponse;
  return new AxiosError('failed', 'ERR_BAD_RESPONSE', undefined, undefined, response);
}

function show(query: { data: string[] | undefined; error: unknown }) {
  return render(
    <MantineProvider>
      <QueryView query={query} errorText="Не удалось загрузить кабинеты" empty="Кабинетов пока нет">
        {(rooms) => (
          <ul>
            {rooms.map((room) => (
              <li key={room}>{room}</li>
            ))}
          </ul>
        )}
      </QueryView>
    </MantineProvider>,
  );
}

describe('QueryView', () => {
  it('shows the server’s Russian message when the query failed, its own text when there is none', () => {
    show({ data: undefined, error: refused(403, 'Недостаточно прав') });
    expect(screen.getByRole('alert').textContent).toContain('Недостаточно прав');
    show({ data: undefined, error: new Error('Network Error') });
    expect(screen.getAllByRole('alert')[1].textContent).toContain('Не удалось загрузить кабинеты');
  });

  it('shows a loader until the first answer, then the empty line or the content', () => {
    const { container, rerender } = show({ data: undefined, error: null });
    expect(container.querySelector('.mantine-Loader-root')).not.toBeNull();
    expect(screen.queryByRole('list')).toBeNull();
    rerender(
      <MantineProvider>
        <QueryView query={{ data: [], error: null }} errorText="x" empty="Кабинетов пока нет">
          {() => <ul />}
        </QueryView>
      </MantineProvider>,
    );
    expect(screen.getByText('Кабинетов пока нет').textContent).toBe('Кабинетов пока нет');
    rerender(
      <MantineProvider>
        <QueryView
          query={{ data: ['101', 'Спортзал'], error: null }}
          errorText="x"
          empty="Кабинетов пока нет"
        >
          {(rooms) => (
            <ul>
              {rooms.map((room) => (
                <li key={room}>{room}</li>
              ))}
            </ul>
          )}
        </QueryView>
      </MantineProvider>,
    );
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['101', 'Спортзал']);
    expect(screen.queryByText('Кабинетов пока нет')).toBeNull();
  });
});
