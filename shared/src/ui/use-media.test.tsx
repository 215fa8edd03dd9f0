import { renderHook } from '@testing-library/react';
import { useMedia } from './use-media';

describe('useMedia', () => {
  const original = window.matchMedia;
  afterEach(() => {
    window.matchMedia = original;
  });

  it('answers from the first render, so a phone draws its screen once', () => {
    window.matchMedia = ((query: string) => ({
      ...original(query),
      matches: query === '(max-width: 48em)',
    })) as typeof window.matchMedia;
    const seen: boolean[] = [];
    renderHook(() => {
      const narrow = useMedia('(max-width: 48em)');
      seen.push(narrow);
      return narrow;
    });
    expect(seen[0]).toBe(true);
    expect(seen.every(Boolean)).toBe(true);
  });
});
