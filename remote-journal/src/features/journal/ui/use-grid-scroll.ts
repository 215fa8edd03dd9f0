import { type RefObject, useEffect } from 'react';
import type { GridPlace } from '../model/grid-editing';

/**
 * Where the grid is scrolled: once drawn, at the opening column (today's lesson, just right of the
 * sticky names, on a phone too); with the mark bar open, the selected cell kept in the middle of
 * the screen above the bar.
 */
export function useGridScroll({
  scrollerRef,
  tableRef,
  openCol,
  barOpen,
  cursor,
}: {
  scrollerRef: RefObject<HTMLDivElement | null>;
  tableRef: RefObject<HTMLTableElement | null>;
  openCol: number;
  barOpen: boolean;
  cursor: GridPlace;
}) {
  // Once drawn (after the paint, so the layout read here is the one the paint made), the opening
  // column is scrolled to just right of the sticky names: today's lesson in view, on a phone too.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the grid is first drawn
  useEffect(() => {
    const scroller = scrollerRef.current;
    const header = tableRef.current?.querySelector<HTMLElement>(`th[data-col="${openCol}"]`);
    const names = tableRef.current?.querySelector<HTMLElement>('thead th');
    if (!scroller || !header || !names || openCol === 0) return;
    const left = header.getBoundingClientRect().left - scroller.getBoundingClientRect().left;
    scroller.scrollLeft += left - names.offsetWidth;
  }, []);

  // With the bar open, the selected cell is kept in the middle of the screen, above the bar.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the cursor moves, to bring its cell into view
  useEffect(() => {
    if (!barOpen) return;
    tableRef.current
      ?.querySelector<HTMLElement>('[aria-selected="true"]')
      ?.scrollIntoView({ block: 'center', inline: 'nearest' });
  }, [barOpen, cursor]);
}
