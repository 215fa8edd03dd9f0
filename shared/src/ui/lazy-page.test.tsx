import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { lazyPage, PageSuspense } from './lazy-page';

/** The screen the module brings, defined once (a component made inside a test would be a new one per call). */
function GreetingScreen({ name }: { name: string }): ReactElement {
  return <p>Журнал {name}</p>;
}

describe('lazyPage', () => {
  it('shows the page loader until the module comes, then its named screen with its props', async () => {
    let arrive: (module: { GreetingPage: (props: { name: string }) => ReactElement }) => void = () => {};
    const GreetingPage = lazyPage(
      () =>
        new Promise<{ GreetingPage: (props: { name: string }) => ReactElement }>((resolve) => {
          arrive = resolve;
        }),
      'GreetingPage',
    );
    render(
      <MantineProvider>
        <PageSuspense>
          <GreetingPage name="5А" />
        </PageSuspense>
      </MantineProvider>,
    );
    expect(screen.getByLabelText('Загрузка страницы')).toBeTruthy();
    arrive({ GreetingPage: GreetingScreen });
    expect(await screen.findByText('Журнал 5А')).toBeTruthy();
    expect(screen.queryByLabelText('Загрузка страницы')).toBeNull();
  });
});
