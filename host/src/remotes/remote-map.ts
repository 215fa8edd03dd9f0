import type { PermissionKey } from '@parta/shared';

/** The four remotes (ARCHITECTURE.md) by their federation names. */
export type RemoteName = 'people' | 'timetable' | 'journal' | 'admin';

export interface RouteOwner {
  /** First path segment, e.g. `users`. */
  prefix: string;
  remote: RemoteName;
  /** Key needed to open any screen under the prefix (the menu item's key). */
  permission: PermissionKey;
}

/** First path segment → owning remote and the key that guards it (SPEC §2, ARCHITECTURE.md). */
const OWNERS: Record<string, Omit<RouteOwner, 'prefix'>> = {
  users: { remote: 'people', permission: 'users.view' },
  student: { remote: 'people', permission: 'students.view' },
  class: { remote: 'people', permission: 'classes.view' },
  organization: { remote: 'timetable', permission: 'organization.settings' },
  subject: { remote: 'timetable', permission: 'subjects.view' },
  bells: { remote: 'timetable', permission: 'bells.view' },
  periods: { remote: 'timetable', permission: 'periods.view' },
  load: { remote: 'timetable', permission: 'loads.view' },
  timetable: { remote: 'timetable', permission: 'timetables.view' },
  imports: { remote: 'timetable', permission: 'timetables.edit' },
  journal: { remote: 'journal', permission: 'journals.view' },
  ktp: { remote: 'journal', permission: 'ktp.view' },
  reports: { remote: 'journal', permission: 'reports.view' },
  diary: { remote: 'journal', permission: 'diary.view' },
  organizations: { remote: 'admin', permission: 'organizations.create' },
  applications: { remote: 'admin', permission: 'organizations.create' },
};

/** Paths of the layout the host renders itself (without the slashes around them). */
const HOST_PAGES = new Set(['', 'dashboard', 'profile', 'notifications/settings']);

function firstSegment(pathname: string): string {
  return pathname.replace(/^\/+/, '').split('/')[0] ?? '';
}

/** The remote that owns a path, or null for host pages and unknown paths. */
export function routeOwner(pathname: string): RouteOwner | null {
  const prefix = firstSegment(pathname);
  const owner = Object.hasOwn(OWNERS, prefix) ? OWNERS[prefix] : undefined;
  return owner ? { prefix, ...owner } : null;
}

/** Whether a path belongs to the main layout (host page or a remote's area); else it is a 404. */
export function isLayoutPath(pathname: string): boolean {
  if (HOST_PAGES.has(pathname.replace(/^\/+|\/+$/g, ''))) return true;
  return routeOwner(pathname) !== null;
}
