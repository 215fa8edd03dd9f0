import { useAtom } from 'jotai';
import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { apiPost } from '../api/requests';
import type { PermissionKey } from '../domain/permissions';
import { currentUserAtom } from './atoms';
import type { CurrentUser } from './current-user';

/** Shown when loading the current user fails and the server gave no message (SPEC §8). */
export const USER_LOAD_ERROR = 'Произошла ошибка при загрузке данных пользователя.';

export interface PermissionContextValue {
  /** The signed-in user, null until loaded. */
  user: CurrentUser | null;
  /** `loading` until the first answer of `POST /api/auth/me`. */
  status: 'loading' | 'ready' | 'error';
  /** Russian message when loading failed. */
  error: string | null;
  /** Whether the user holds the permission key. */
  can: (permission: PermissionKey) => boolean;
  /** Whether the user holds at least one of the keys. */
  canAny: (permissions: readonly PermissionKey[]) => boolean;
  /** Loads the user again (after a balance change, a profile edit...). */
  reload: () => Promise<void>;
}

const PermissionContext = createContext<PermissionContextValue | null>(null);

/** Loads the user with `POST /api/auth/me`; the server's envelope is `{ data: user }`. */
export async function fetchCurrentUser(): Promise<CurrentUser> {
  return apiPost<CurrentUser>('/auth/me');
}

/** Whether a user holds a permission key: the one rule the menu, routes and remotes use. */
export function userCan(user: CurrentUser | null | undefined, permission: PermissionKey): boolean {
  return Boolean(user?.permissions?.some((item) => item.key === permission));
}

export interface PermissionProviderProps {
  children?: ReactNode;
  /** Replaces `POST /api/auth/me` (tests, standalone remotes). */
  loadUser?: () => Promise<CurrentUser>;
}

/** Loads the current user when it mounts (the layout, i.e. when the menu appears) and shares it. */
export function PermissionProvider({ children, loadUser = fetchCurrentUser }: PermissionProviderProps) {
  const [user, setUser] = useAtom(currentUserAtom);
  const [status, setStatus] = useState<PermissionContextValue['status']>('loading');
  const [error, setError] = useState<string | null>(null);

  const reload = useCallback(async () => {
    try {
      const loaded = await loadUser();
      // The whole signed-in screen changes with the user: rendered in slices, not one long task.
      startTransition(() => {
        setUser(loaded);
        setError(null);
        setStatus('ready');
      });
    } catch (failure) {
      setError(serverMessage(failure) ?? USER_LOAD_ERROR);
      setStatus('error');
    }
  }, [loadUser, setUser]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const value = useMemo<PermissionContextValue>(
    () => ({
      user,
      status,
      error,
      can: (permission) => userCan(user, permission),
      canAny: (permissions) => permissions.some((permission) => userCan(user, permission)),
      reload,
    }),
    [user, status, error, reload],
  );

  return <PermissionContext.Provider value={value}>{children}</PermissionContext.Provider>;
}

/** The current user and `can(key)`; must be used under PermissionProvider (the host's layout). */
export function usePermissions(): PermissionContextValue {
  const context = useContext(PermissionContext);
  if (!context) throw new Error('usePermissions() must be used inside <PermissionProvider>');
  return context;
}

export interface CanProps {
  /** Key the user must hold. */
  permission: PermissionKey;
  /** Rendered when the user lacks the key. */
  fallback?: ReactNode;
  children?: ReactNode;
}

/** Renders its children only for users holding `permission`. */
export function Can({ permission, fallback = null, children }: CanProps) {
  const { can } = usePermissions();
  return <>{can(permission) ? children : fallback}</>;
}

function serverMessage(error: unknown): string | null {
  const data = (error as { response?: { data?: { message?: unknown } } } | null)?.response?.data;
  return typeof data?.message === 'string' && data.message ? data.message : null;
}
