import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { RemoteBoundary } from './remote-boundary';

const runtime = {
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
};
jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: (...args: unknown[]) => runtime.loadRemote(...args),
  registerRemotes: (...args: unknown[]) => runtime.registerRemotes(...args),
  registerPlugins: (...args: unknown[]) => runtime.registerPlugins(...args),
}));

const registry = {
  journal: '/remotes/journal/abc/mf-manifest.json',
  admin: '/remotes/admin/def/mf-manifest.json',
  timetable: '/remotes/timetable/123/mf-manifest.json',
};

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  globalThis.fetch = jest.fn(async () => ({
    ok: true,
    json: async () => registry,
  })) as unknown as typeof fetch;
});

afterEach(() => jest.restoreAllMocks());

async function renderBoundary(remote: 'journal' | 'admin' | 'timetable', pathname = '/') {
  const view = (path: string) => (
    <MantineProvider env="test">
      <RemoteBoundary remote={remote} pathname={path} />
    </MantineProvider>
  );
  let rerender: (ui: React.ReactElement) => void = () => undefined;
  await act(async () => {
    rerender = render(view(pathname)).rerender;
  });
  return { navigate: (path: string) => act(async () => rerender(view(path))) };
}

describe('RemoteBoundary', () => {
  it('shows the fallback when the remote fails and really reloads it on «Повторить»', async () => {
    runtime.loadRemote.mockRejectedValueOnce(new Error('remoteEntry.js: 404'));
    await renderBoundary('journal');
    expect(await screen.findByText('Раздел временно недоступен')).toBeTruthy();

    runtime.loadRemote.mockResolvedValueOnce({ default: () => <h2>Журнал</h2> });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    });
    expect(await screen.findByRole('heading', { name: 'Журнал' })).toBeTruthy();
    expect(screen.queryByText('Раздел временно недоступен')).toBeNull();
    // The retry fetched the registry again and re-registered the failed remote with force.
    expect(runtime.registerRemotes).toHaveBeenCalledWith([{ name: 'journal', entry: registry.journal }], {
      force: true,
    });
  });

  it('catches a remote that throws while rendering', async () => {
    runtime.loadRemote.mockResolvedValueOnce({
      default: () => {
        throw new Error('boom');
      },
    });
    // Another remote: a loaded remote is kept for the page's lifetime.
    await renderBoundary('admin');
    expect(await screen.findByText('Раздел временно недоступен')).toBeTruthy();
  });

  it('resets on navigation: a page that throws affects only itself', async () => {
    let path = '/broken';
    runtime.loadRemote.mockResolvedValueOnce({
      default: () => {
        if (path === '/broken') throw new Error('boom');
        return <h2>Другая страница</h2>;
      },
    });
    const { navigate } = await renderBoundary('timetable', path);
    expect(await screen.findByText('Раздел временно недоступен')).toBeTruthy();

    path = '/fine';
    await navigate(path);
    expect(await screen.findByRole('heading', { name: 'Другая страница' })).toBeTruthy();
    expect(screen.queryByText('Раздел временно недоступен')).toBeNull();
  });
});
