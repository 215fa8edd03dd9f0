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

interface RemoteErrorBoundaryProps {
  remote: RemoteName;
  /** The current path: a page that threw is forgotten once the user navigates elsewhere. */
  pathname: string;
  children: ReactNode;
}

class RemoteErrorBoundary extends Component<RemoteErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`Раздел ${this.props.remote} упал:`, error, info.componentStack);
  }

  override componentDidUpdate(previous: RemoteErrorBoundaryProps) {
    // Only the page that threw shows the fallback: another path of the same remote renders again.
    if (this.state.failed && previous.pathname !== this.props.pathname) this.setState({ failed: false });
  }

  override render() {
    return this.state.failed ? <RemoteUnavailable /> : this.props.children;
  }
}

export interface RemoteBoundaryProps {
  remote: RemoteName;
  /** The current path; the boundary resets when it changes. */
  pathname: string;
}

/**
 * One remote inside an error boundary + Suspense, with a retry that really reloads it. A page that
 * throws affects only itself: navigating to another path resets the boundary.
 */
export function RemoteBoundary({ remote, pathname }: RemoteBoundaryProps) {
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
      <RemoteErrorBoundary key={attempt} remote={remote} pathname={pathname}>
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
