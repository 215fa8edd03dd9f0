import { useMediaQuery } from '@mantine/hooks';

/**
 * Whether a media query matches, read in the first render. Mantine's default answers `false` first
 * and the truth from an effect (for server rendering, which Parta has not): on a phone every screen
 * was drawn twice, the layout and the journal's grid included, the second time in a blocking render.
 */
export function useMedia(query: string): boolean {
  return useMediaQuery(query, undefined, { getInitialValueInEffect: false });
}
