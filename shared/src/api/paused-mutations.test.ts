import { dehydrate, hydrate, onlineManager, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from './query-client';

/**
 * The journal will queue saves made offline. These tests pin the mechanism it relies on, with the
 * client every app shares: a write registered through mutation defaults (functions are not
 * serialisable, keys are) pauses offline, survives a dehydrate → hydrate into a new client (a
 * reload with a persister), and runs once the client resumes.
 */
const SAVE_MARK = ['journal', 'save-mark'] as const;

function registerSaveMark(client: QueryClient, saved: unknown[]) {
  client.setMutationDefaults(SAVE_MARK, {
    mutationFn: async (mark: unknown) => {
      saved.push(mark);
      return mark;
    },
  });
}

afterEach(() => onlineManager.setOnline(true));

describe('paused mutations', () => {
  it('pause while offline and run when the connection returns', async () => {
    const client = createQueryClient();
    // QueryClientProvider mounts the client; mounted, it resumes paused writes when the network returns.
    client.mount();
    const saved: unknown[] = [];
    registerSaveMark(client, saved);
    onlineManager.setOnline(false);

    const pending = client.getMutationCache().build(client, { mutationKey: SAVE_MARK }).execute({ mark: 5 });
    await Promise.resolve();
    expect(client.getMutationCache().getAll()[0].state.isPaused).toBe(true);
    expect(saved).toEqual([]);

    onlineManager.setOnline(true);
    await expect(pending).resolves.toEqual({ mark: 5 });
    expect(saved).toEqual([{ mark: 5 }]);
    client.unmount();
  });

  it('survive a dehydrate and hydrate into a new client, then resume there', async () => {
    const before = createQueryClient();
    registerSaveMark(before, []);
    onlineManager.setOnline(false);
    void before
      .getMutationCache()
      .build(before, { mutationKey: SAVE_MARK })
      .execute({ mark: 4 })
      .catch(() => undefined);
    await Promise.resolve();
    const stored = JSON.parse(JSON.stringify(dehydrate(before)));
    expect(stored.mutations).toHaveLength(1);

    const after = createQueryClient();
    const saved: unknown[] = [];
    registerSaveMark(after, saved);
    hydrate(after, stored);
    onlineManager.setOnline(true);
    await after.resumePausedMutations();
    expect(saved).toEqual([{ mark: 4 }]);
  });
});
