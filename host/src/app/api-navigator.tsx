import { setApiNavigator } from '@parta/shared';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/** Lets the shared API client redirect through the router, remembering where a 401 happened. */
export function ApiNavigator() {
  const navigate = useNavigate();
  const location = useLocation();
  const locationRef = useRef(location);
  locationRef.current = location;

  useEffect(() => {
    setApiNavigator((path) => {
      const current = locationRef.current;
      if (current.pathname === path) return;
      if (path === '/login') {
        navigate(path, { replace: true, state: { from: current } });
      } else {
        navigate(path, { replace: true });
      }
    });
  }, [navigate]);
  return null;
}
