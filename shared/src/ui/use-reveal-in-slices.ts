import { startTransition, useEffect, useState } from 'react';

/**
 * Whether a screen's content may be drawn: false until `ready`, then true from a transition.
 *
 * A query's answer reaches React through `useSyncExternalStore`, whose updates render in one
 * blocking task; drawing a whole screen from it (the journal's grid, the dashboard) was one long
 * task: on a phone a quarter of a second in which a tap waits. Switched on in a transition, the
 * first drawing is rendered by React in slices of a few milliseconds instead. Later updates of the
 * same content (a mark typed) render at once, as before; when `ready` goes false again (another
 * period asked for), the next answer is revealed in slices again.
 */
export function useRevealInSlices(ready: boolean): boolean {
  const [revealed, setRevealed] = useState(ready);
  useEffect(() => {
    if (ready && !revealed) startTransition(() => setRevealed(true));
    if (!ready && revealed) setRevealed(false);
  }, [ready, revealed]);
  return ready && revealed;
}
