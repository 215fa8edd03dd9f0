import { loadShare } from '@module-federation/enhanced/runtime';
import { nextTask } from './start-in-steps';

/**
 * The component modules of @mantine/core (its `esm/components/<Name>/<Name>.mjs`, resolved through the
 * `mantine-core-esm` alias of the host's build, which the package's exports map would refuse). The
 * context is `weak`: it adds no module and no chunk, it only names modules the shared chunk of
 * @mantine/core already holds.
 */
const components = import.meta.webpackContext('mantine-core-esm/components', {
  recursive: true,
  regExp: /^\.\/[A-Za-z]+\/[A-Za-z]+\.mjs$/,
  mode: 'weak',
});

/** How long one slice of evaluation may hold the main thread, in ms (React's own slices are 5 ms). */
const SLICE_MS = 6;

/**
 * @mantine/core is one shared module: its import evaluates its four hundred modules in one task,
 * a fifth of a second on a phone. Once its chunk is loaded, the components are evaluated here a
 * slice at a time, between which the browser may handle a tap or paint; the index that follows
 * finds them done.
 */
export async function evaluateMantineInSlices(): Promise<void> {
  // Loads the chunk and negotiates the singleton without evaluating it (that is the factory's call).
  await loadShare('@mantine/core');
  let sliceStart = performance.now();
  for (const key of components.keys()) {
    try {
      components(key);
    } catch {
      // Not in a loaded chunk (another build's @mantine/core won the negotiation): the import evaluates it.
    }
    if (performance.now() - sliceStart > SLICE_MS) {
      await nextTask();
      sliceStart = performance.now();
    }
  }
}
