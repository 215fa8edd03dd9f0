import type { PermissionKey } from '@parta/shared';
import { type RemoteName, routeOwner } from '../remotes/remote-map';

export interface MenuItem {
  label: string;
  to: string;
  /** The item shows only for users holding this key, or one of these keys (SPEC §2, §6). */
  permission: PermissionKey | readonly PermissionKey[];
}

/** Whether a user with these keys sees the item. */
export function canSee(can: (permission: PermissionKey) => boolean, item: MenuItem): boolean {
  return typeof item.permission === 'string' ? can(item.permission) : item.permission.some(can);
}

export interface MenuGroup {
  label: string;
  items: MenuItem[];
}

/** Sidebar groups in SPEC §2 order; Настройки uses `organization.settings` (issue 3). */
export const MENU: readonly MenuGroup[] = [
  {
    label: 'Главная',
    items: [
      { label: 'Рабочий стол', to: '/dashboard', permission: 'home.view' },
      { label: 'Профиль', to: '/profile', permission: 'home.view' },
    ],
  },
  {
    label: 'Пользователи',
    items: [
      { label: 'Сотрудники', to: '/users', permission: 'users.view' },
      { label: 'Ученики', to: '/student', permission: 'students.view' },
    ],
  },
  {
    label: 'Организация',
    items: [
      { label: 'Настройки', to: '/organization/settings', permission: 'organization.settings' },
      { label: 'Предметы', to: '/subject', permission: 'subjects.view' },
      { label: 'Звонки', to: '/bells', permission: 'bells.view' },
      { label: 'Периоды', to: '/periods', permission: 'periods.view' },
      { label: 'Импорт', to: '/imports', permission: 'timetables.edit' },
    ],
  },
  {
    label: 'Учебный процесс',
    items: [
      { label: 'Классы', to: '/class', permission: 'classes.view' },
      { label: 'Нагрузка', to: '/load', permission: 'loads.view' },
      { label: 'Расписание', to: '/timetable', permission: 'timetables.view' },
      { label: 'Замены', to: '/timetable/substitutions', permission: 'timetables.view' },
      // SPEC §2 has a second «Учебный процесс» group for the diary: one group, so a user holding
      // both (a platform administrator) does not see the heading twice.
      { label: 'Дневник', to: '/diary', permission: 'diary.view' },
    ],
  },
  {
    label: 'Управление',
    items: [
      { label: 'Реестр организаций', to: '/organizations', permission: 'organizations.create' },
      { label: 'Заявки', to: '/applications', permission: 'organizations.create' },
    ],
  },
  {
    label: 'Отчётность и журналы',
    items: [
      { label: 'Журнал', to: '/journal', permission: 'journals.view' },
      // Внеурочная деятельность (issue 51): courses, their journal, the hours report.
      { label: 'Внеурочная деятельность', to: '/journal/extracurricular', permission: 'journals.view' },
      { label: 'КТП', to: '/ktp', permission: 'ktp.view' },
      { label: 'Отчёты', to: '/reports', permission: 'reports.view' },
      // The year's end is the director's and the завуч's (periods.edit); a class teacher (students.edit,
      // which a subject teacher lacks) reads their own class's files here.
      { label: 'Архив года', to: '/journal/archive', permission: ['periods.edit', 'students.edit'] },
    ],
  },
];

/**
 * The groups and items a user may see; groups left empty are dropped. `unpublished` names the
 * remotes the deployment leaves out: their items go too (a school without the admin module has no
 * Управление group, even for a platform administrator).
 */
export function visibleMenu(
  can: (permission: PermissionKey) => boolean,
  unpublished: ReadonlySet<RemoteName> = new Set(),
): MenuGroup[] {
  const published = (item: MenuItem) => {
    const owner = routeOwner(item.to);
    return !owner || !unpublished.has(owner.remote);
  };
  return MENU.map((group) => ({
    ...group,
    items: group.items.filter((item) => canSee(can, item) && published(item)),
  })).filter((group) => group.items.length > 0);
}

function matches(item: MenuItem, pathname: string): boolean {
  return pathname === item.to || pathname.startsWith(`${item.to}/`);
}

/**
 * Whether a menu item is the current page or one of its sub-pages — unless a deeper item is the
 * page (/timetable/substitutions is «Замены», not also «Расписание»).
 */
export function isActive(item: MenuItem, pathname: string): boolean {
  return (
    matches(item, pathname) &&
    !MENU.some((group) =>
      group.items.some((other) => other.to.length > item.to.length && matches(other, pathname)),
    )
  );
}
