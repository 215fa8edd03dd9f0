/**
 * The stylesheets only the screens after the first draw (./mantine-styles-later.ts, written by `pnpm
 * mantine-styles`): the first screens come with ./mantine-styles.ts alone, and every other screen (the
 * host's other lazy pages, each remote) waits for these before it renders, so none is drawn unstyled.
 */
let loading: Promise<unknown> | null = null;

/** Loads the later stylesheets once; a failed load is tried again by the next caller. */
export function loadLaterStyles(): Promise<unknown> {
  if (!loading) {
    loading = import('./mantine-styles-later').catch((error: unknown) => {
      loading = null;
      throw error;
    });
  }
  return loading;
}

/** A screen's code, resolved once the later stylesheets are applied too: `lazyPage(withLaterStyles(() => import(...)), ...)`. */
export function withLaterStyles<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => (await Promise.all([load(), loadLaterStyles()]))[0];
}
