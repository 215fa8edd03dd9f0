import { Center, Loader } from '@mantine/core';
import { NotFoundPage, usePermissions } from '@parta/shared';
import { Navigate, useLocation } from 'react-router-dom';
import { RemoteBoundary } from './remote-boundary';
import { routeOwner } from './remote-map';
import { useUnpublishedRemotes } from './use-published-remotes';

/**
 * Renders the remote that owns the current path; a user without its key goes to /access, a path of
 * a remote the deployment does not publish is not found.
 */
export function RemoteRoute() {
  const { pathname } = useLocation();
  const { can, status } = usePermissions();
  const owner = routeOwner(pathname);
  const unpublished = useUnpublishedRemotes();
  // A remote this deployment leaves out of its registry: its paths do not exist here.
  if (!owner || unpublished?.has(owner.remote)) return <NotFoundPage />;
  if (status === 'loading' || unpublished === null) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  if (status === 'ready' && !can(owner.permission)) return <Navigate to="/access" replace />;
  return <RemoteBoundary key={owner.remote} remote={owner.remote} pathname={pathname} />;
}
