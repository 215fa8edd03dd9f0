import { firstUseOfSignInShell } from './features/auth/model/sign-in-shell';
import { registerServiceWorker } from './pwa/register-service-worker';
import { firstRegistry } from './remotes/registry-fetch';
import { chooseMantineBuild } from './start/mantine-build';
import { evaluateMantineInSlices } from './start/mantine-in-slices';
import { startInSteps } from './start/start-in-steps';

// Async boundary: Module Federation negotiates the shared singletons before the app's code runs.
// The large shared libraries are evaluated one per task first, so a phone's main thread is never
// held for the whole start at once (start/start-in-steps.ts; @mantine/core, the largest, in slices
// of its own: start/mantine-in-slices.ts). The bare sign-in page waits for its first use.
// The remote registry is read at once, beside it: the remotes' manifests decide which build of
// @mantine/core the page takes, before it loads (start/mantine-build.ts).
const mantineBuild = chooseMantineBuild(firstRegistry());
void firstUseOfSignInShell().then(() =>
  startInSteps([
    () => import('react'),
    () => import('react-dom/client'),
    // Never holds the start on a failure: the tree-shaken copy is then what loads.
    () => mantineBuild.catch(() => 'tree-shaken'),
    evaluateMantineInSlices,
    // Names one export: a bare import() references the whole namespace, and that would keep every
    // export of the tree-shaken shared @mantine/core (shared/build/create-webpack-config.js).
    () => import(/* webpackExports: ["MantineProvider"] */ '@mantine/core'),
    () => import('react-router-dom'),
    () => import('@tanstack/react-query'),
    () => import('@parta/shared'),
    () => import('./bootstrap'),
  ]),
);
registerServiceWorker();
