import { Center, Loader } from '@mantine/core';
import {
  Component,
  type ComponentType,
  type ErrorInfo,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useMemo,
  useState,
} from 'react';
import type { RemoteName } from './remote-map';
import { loadedRemote, loadRemoteRoutes, reloadRemote } from './remote-registry';
import { RemoteRetryContext, RemoteUnavailable } from './remote-unavailable';

class RemoteErrorBoundary extends Component<
  { remote: RemoteName; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`Раздел ${this.props.remote} упал:`, error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <RemoteUnavailable /> : this.props.children;
  }
}

/** One remote inside an error boundary + Suspense, with a retry that really reloads it. */
export function RemoteBoundary({ remote }: { remote: RemoteName }) {
  const [attempt, setAttempt] = useState(0);

  const RemoteRoutes = useMemo<ComponentType>(() => {
    const ready = attempt === 0 ? loadedRemote(remote) : undefined;
    return ready ?? lazy(async () => ({ default: await loadRemoteRoutes(remote) }));
  }, [remote, attempt]);

  const retry = useCallback(async () => {
    try {
      await reloadRemote(remote);
    } catch (error) {
      console.error('Реестр разделов недоступен:', error);
    }
    setAttempt((value) => value + 1);
  }, [remote]);

  return (
    <RemoteRetryContext.Provider value={retry}>
      <RemoteErrorBoundary key={attempt} remote={remote}>
        <Suspense
          fallback={
            <Center py="xl">
              <Loader aria-label="Загрузка раздела" />
            </Center>
          }
        >
          <RemoteRoutes />
        </Suspense>
      </RemoteErrorBoundary>
    </RemoteRetryContext.Provider>
  );
}
