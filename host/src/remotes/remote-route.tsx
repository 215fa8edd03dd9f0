import { Center, Loader } from '@mantine/core';
import { NotFoundPage, usePermissions } from '@parta/shared';
import { Navigate, useLocation } from 'react-router-dom';
import { RemoteBoundary } from './remote-boundary';
import { routeOwner } from './remote-map';

/** Renders the remote that owns the current path; a user without its key goes to /access. */
export function RemoteRoute() {
  const { pathname } = useLocation();
  const { can, status } = usePermissions();
  const owner = routeOwner(pathname);
  if (!owner) return <NotFoundPage />;
  if (status === 'loading') {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  if (status === 'ready' && !can(owner.permission)) return <Navigate to="/access" replace />;
  return <RemoteBoundary key={owner.remote} remote={owner.remote} pathname={pathname} />;
}
