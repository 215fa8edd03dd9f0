import { useEffect, useState } from 'react';
import type { RemoteName } from './remote-map';
import { isRemotePublished } from './remote-registry';

const REMOTES: RemoteName[] = ['people', 'timetable', 'journal', 'admin'];

/**
 * The remotes this deployment leaves out of its registry, once the registry has answered
 * (`null` until then): their menu items and paths are hidden.
 */
export function useUnpublishedRemotes(): ReadonlySet<RemoteName> | null {
  const [unpublished, setUnpublished] = useState<ReadonlySet<RemoteName> | null>(null);
  useEffect(() => {
    let current = true;
    void Promise.all(REMOTES.map(async (name) => [name, await isRemotePublished(name)] as const)).then(
      (answers) => {
        if (current)
          setUnpublished(new Set(answers.filter(([, published]) => !published).map(([name]) => name)));
      },
    );
    return () => {
      current = false;
    };
  }, []);
  return unpublished;
}
