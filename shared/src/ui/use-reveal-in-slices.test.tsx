import { act, renderHook } from '@testing-library/react';
import { useRevealInSlices } from './use-reveal-in-slices';

/** Every value the hook returned, render by render. */
function track(ready: boolean) {
  const seen: boolean[] = [];
  const hook = renderHook(
    ({ ready: now }) => {
      const revealed = useRevealInSlices(now);
      seen.push(revealed);
      return revealed;
    },
    { initialProps: { ready } },
  );
  return { seen, hook };
}

describe('useRevealInSlices', () => {
  it('answers false in the render the data arrives in, then true from a later (transition) render', () => {
    const { seen, hook } = track(false);
    act(() => hook.rerender({ ready: true }));
    expect(seen[0]).toBe(false);
    // The render with the data still shows the loader; the content comes in the next render.
    expect(seen[1]).toBe(false);
    expect(seen.at(-1)).toBe(true);
  });

  it('draws at once what is ready from the start (an answer already in the cache)', () => {
    const { seen } = track(true);
    expect(seen[0]).toBe(true);
  });

  it('reveals in slices again after the data went away (another period asked for)', () => {
    const { seen, hook } = track(true);
    act(() => hook.rerender({ ready: false }));
    expect(seen.at(-1)).toBe(false);
    const before = seen.length;
    act(() => hook.rerender({ ready: true }));
    expect(seen[before]).toBe(false);
    expect(seen.at(-1)).toBe(true);
  });
});
