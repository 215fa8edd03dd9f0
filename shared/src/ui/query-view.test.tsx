import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { AxiosError, type AxiosResponse } from 'axios';
import { type PagedQueryLike, PagedQueryView, QueryView } from './query-view';

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

describe('QueryView refreshing', () => {
  function list(data: string[] | undefined, refreshing: boolean) {
    return (
      <MantineProvider>
        <QueryView query={{ data, error: null }} errorText="x" refreshing={refreshing}>
          {(names) => (
            <ul>
              {names.map((name) => (
                <li key={name}>{name}</li>
              ))}
            </ul>
          )}
        </QueryView>
      </MantineProvider>
    );
  }
  const busy = (container: HTMLElement) => container.querySelector('[aria-busy="true"]');

  it('keeps the earlier answer visible, dimmed, busy and under a small loader while the next one loads', () => {
    const { container } = render(list(['Иванов', 'Петров'], true));
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Иванов', 'Петров']);
    const wrapper = busy(container) as HTMLElement;
    expect(wrapper).not.toBeNull();
    expect((wrapper.firstElementChild as HTMLElement).style.opacity).toBe('0.5');
    expect(container.querySelectorAll('.mantine-Loader-root')).toHaveLength(1);
  });

  it('shows the new answer undimmed, with no loader, once it arrives, without remounting the content', () => {
    const { container, rerender } = render(list(['Иванов', 'Петров'], false));
    const shown = screen.getByRole('list');
    expect(busy(container)).toBeNull();
    rerender(list(['Иванов', 'Петров'], true));
    expect(screen.getByRole('list')).toBe(shown);
    rerender(list(['Сидоров'], false));
    expect(screen.getByRole('list')).toBe(shown);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Сидоров']);
    expect(busy(container)).toBeNull();
    expect((shown.parentElement as HTMLElement).style.opacity).toBe('1');
    expect(container.querySelector('.mantine-Loader-root')).toBeNull();
  });
});

describe('PagedQueryView', () => {
  const meta = (total: number, page = 1) => ({
    current_page: page,
    last_page: Math.ceil(total / 15) || 1,
    per_page: 15,
    total,
  });

  function paged(query: PagedQueryLike<string>, onPage = jest.fn()) {
    return (
      <MantineProvider>
        <PagedQueryView
          query={query}
          errorText="Не удалось загрузить учеников"
          empty="Учеников не нашлось"
          onPage={onPage}
        >
          {(names) => (
            <ul>
              {names.map((name) => (
                <li key={name}>{name}</li>
              ))}
            </ul>
          )}
        </PagedQueryView>
      </MantineProvider>
    );
  }

  it('shows the page’s rows and the pager under them, and hands the picked page back', () => {
    const onPage = jest.fn();
    render(
      paged(
        { data: { data: ['Иванов', 'Петров'], meta: meta(30) }, error: null, isPlaceholderData: false },
        onPage,
      ),
    );
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Иванов', 'Петров']);
    expect(screen.getByTestId('pager-range').textContent).toBe('1–15 из 30');
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    expect(onPage).toHaveBeenCalledWith(2);
  });

  it('shows the empty line and no pager for a page with no rows', () => {
    render(paged({ data: { data: [], meta: meta(0) }, error: null, isPlaceholderData: false }));
    expect(screen.getByText('Учеников не нашлось')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.queryByTestId('pager-range')).toBeNull();
  });

  it('dims the previous page while the asked one loads', () => {
    const { container } = render(
      paged({ data: { data: ['Иванов'], meta: meta(30) }, error: null, isPlaceholderData: true }),
    );
    expect(screen.getByRole('listitem').textContent).toBe('Иванов');
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
  });

  it('shows the loader until the first page, and the failure with no pager instead of a page', () => {
    const { container, rerender } = render(paged({ data: undefined, error: null, isPlaceholderData: false }));
    expect(container.querySelector('.mantine-Loader-root')).not.toBeNull();
    rerender(paged({ data: undefined, error: refused(500, 'Сервер недоступен'), isPlaceholderData: false }));
    expect(screen.getByRole('alert').textContent).toContain('Сервер недоступен');
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.queryByTestId('pager-range')).toBeNull();
  });
});
