import { atom, createStore } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import { TOKEN_STORAGE_KEY } from '../api/create-api-client';
import type { CurrentUser } from './current-user';

/** The one jotai store: the host's Provider uses it, and so do non-React callers like the API client. */
export const partaStore = createStore();

/** The token is kept as a bare string (SPEC §4), not JSON, so the storage is hand-written. */
const rawStringStorage = {
  getItem: (key: string, initialValue: string | null) =>
    typeof localStorage === 'undefined' ? initialValue : (localStorage.getItem(key) ?? initialValue),
  setItem: (key: string, value: string | null) => {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  },
  removeItem: (key: string) => localStorage.removeItem(key),
  subscribe: (key: string, callback: (value: string | null) => void, initialValue: string | null) => {
    if (typeof window === 'undefined') return () => {};
    const listener = (event: StorageEvent) => {
      if (event.key === key) callback(event.newValue ?? initialValue);
    };
    window.addEventListener('storage', listener);
    return () => window.removeEventListener('storage', listener);
  },
};

/** Bearer token in localStorage `auth_token`; null when signed out. */
export const tokenAtom = atomWithStorage<string | null>(TOKEN_STORAGE_KEY, null, rawStringStorage, {
  getOnInit: true,
});

/** The signed-in user as `POST /api/auth/me` returned it; null until loaded. */
export const currentUserAtom = atom<CurrentUser | null>(null);

export type ThemeMode = 'light' | 'dark';

/** localStorage key of the theme; host/index.html reads it before the first paint. */
export const THEME_STORAGE_KEY = 'parta_theme';

/** Light or dark (SPEC §4, default light), remembered across reloads. */
export const themeAtom = atomWithStorage<ThemeMode>(THEME_STORAGE_KEY, 'light', undefined, {
  getOnInit: true,
});

/** Desktop: the static sidebar is collapsed (remembered). */
export const sidebarCollapsedAtom = atomWithStorage<boolean>('parta_sidebar_collapsed', false, undefined, {
  getOnInit: true,
});

/** Mobile (≤ 991 px): the sidebar overlay is open. */
export const mobileMenuOpenedAtom = atom(false);
