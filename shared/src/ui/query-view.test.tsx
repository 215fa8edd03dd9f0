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

describe('QueryView of a paged list', () => {
  interface Page {
    data: string[];
    meta: { total: number };
  }

  function paged(query: { data: Page | undefined; error: unknown }, refreshing: boolean) {
    return (
      <MantineProvider>
        <QueryView
          query={query}
          errorText="Не удалось загрузить учеников"
          empty="Учеников не нашлось"
          refreshing={refreshing}
        >
          {(page) => (
            <ul>
              {page.data.map((name) => (
                <li key={name}>{name}</li>
              ))}
            </ul>
          )}
        </QueryView>
      </MantineProvider>
    );
  }

  const first: Page = { data: ['Иванов', 'Петров'], meta: { total: 30 } };
  const second: Page = { data: ['Сидоров'], meta: { total: 30 } };
  const busy = (container: HTMLElement) => container.querySelector('[aria-busy="true"]');

  it('shows the empty line for a page with no rows', () => {
    render(paged({ data: { data: [], meta: { total: 0 } }, error: null }, false));
    expect(screen.getByText('Учеников не нашлось')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('keeps the previous page visible, dimmed, busy and under a small loader while the next one loads', () => {
    const { container } = render(paged({ data: first, error: null }, true));
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Иванов', 'Петров']);
    const wrapper = busy(container) as HTMLElement;
    expect(wrapper).not.toBeNull();
    expect((wrapper.firstElementChild as HTMLElement).style.opacity).toBe('0.5');
    expect(container.querySelectorAll('.mantine-Loader-root')).toHaveLength(1);
  });

  it('shows the new page undimmed, with no loader, once it arrives, without remounting the content', () => {
    const { container, rerender } = render(paged({ data: first, error: null }, false));
    const list = screen.getByRole('list');
    expect(busy(container)).toBeNull();
    rerender(paged({ data: first, error: null }, true));
    expect(screen.getByRole('list')).toBe(list);
    rerender(paged({ data: second, error: null }, false));
    expect(screen.getByRole('list')).toBe(list);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Сидоров']);
    expect(busy(container)).toBeNull();
    expect((list.parentElement as HTMLElement).style.opacity).toBe('1');
    expect(container.querySelector('.mantine-Loader-root')).toBeNull();
  });

  it('shows the loader until the first page and the failure instead of a page', () => {
    const { container, rerender } = render(paged({ data: undefined, error: null }, false));
    expect(container.querySelector('.mantine-Loader-root')).not.toBeNull();
    rerender(paged({ data: undefined, error: refused(500, 'Сервер недоступен') }, false));
    expect(screen.getByRole('alert').textContent).toContain('Сервер недоступен');
    expect(screen.queryByRole('list')).toBeNull();
  });
});
