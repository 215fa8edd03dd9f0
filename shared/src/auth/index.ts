export {
  currentUserAtom,
  mobileMenuOpenedAtom,
  partaStore,
  sidebarCollapsedAtom,
  THEME_STORAGE_KEY,
  type ThemeMode,
  themeAtom,
  tokenAtom,
} from './atoms';
export type { CurrentOrganization, CurrentUser } from './current-user';
export {
  Can,
  type CanProps,
  fetchCurrentUser,
  type PermissionContextValue,
  PermissionProvider,
  type PermissionProviderProps,
  USER_LOAD_ERROR,
  usePermissions,
  userCan,
} from './permission-context';
export { useLogout } from './use-logout';
