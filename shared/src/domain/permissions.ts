/**
 * The one list of permission keys (SPEC §6 plus the write keys) and the seeded roles.
 * The server guards routes with these keys, the host's menu reads them, the seed assigns them.
 */
export const PERMISSIONS = {
  'home.view': 'Рабочий стол и профиль',
  'users.view': 'Просмотр сотрудников',
  'users.edit': 'Создание и изменение сотрудников, сброс пароля',
  'students.view': 'Просмотр учеников',
  'students.edit': 'Создание и изменение учеников, импорт, подгруппы',
  'subjects.view': 'Просмотр предметов',
  'subjects.edit': 'Изменение предметов',
  'bells.view': 'Просмотр расписания звонков',
  'bells.edit': 'Изменение расписания звонков',
  'periods.view': 'Просмотр учебных периодов',
  'periods.edit': 'Изменение учебных периодов, закрытие и открытие периодов',
  'classes.view': 'Просмотр классов',
  'classes.edit': 'Создание и изменение классов',
  'loads.view': 'Просмотр нагрузки',
  'loads.edit': 'Изменение нагрузки',
  'timetables.view': 'Просмотр расписания',
  'timetables.edit': 'Составление расписания',
  'organization.settings': 'Настройки организации',
  'organizations.create': 'Управление платформой: реестр организаций, заявки, балансы',
  'journals.view': 'Просмотр журнала',
  'journals.edit': 'Выставление оценок, темы уроков и домашние задания',
  'journals.final.edit': 'Итоговые оценки',
  'ktp.view': 'Просмотр КТП',
  'ktp.edit': 'Изменение КТП',
  'reports.view': 'Отчёты',
  'diary.view': 'Дневник',
} as const;

export type PermissionKey = keyof typeof PERMISSIONS;

export const PERMISSION_KEYS = Object.keys(PERMISSIONS) as PermissionKey[];

export type RoleCode =
  | 'platform_admin'
  | 'director'
  | 'deputy'
  | 'teacher'
  | 'class_teacher'
  | 'student'
  | 'parent';

const STAFF_VIEW: PermissionKey[] = [
  'home.view',
  'students.view',
  'subjects.view',
  'bells.view',
  'periods.view',
  'classes.view',
  'loads.view',
  'timetables.view',
  'journals.view',
  'ktp.view',
  'reports.view',
];

/** Seeded roles: Russian name and the keys each one carries. */
export const ROLE_DEFINITIONS: Record<RoleCode, { name: string; permissions: PermissionKey[] }> = {
  platform_admin: { name: 'Администратор платформы', permissions: [...PERMISSION_KEYS] },
  director: {
    name: 'Директор',
    permissions: PERMISSION_KEYS.filter((key) => key !== 'organizations.create' && key !== 'diary.view'),
  },
  deputy: {
    name: 'Завуч',
    permissions: [
      ...STAFF_VIEW,
      'users.view',
      'students.edit',
      'subjects.edit',
      'bells.edit',
      'periods.edit',
      'classes.edit',
      'loads.edit',
      'timetables.edit',
      'journals.edit',
      'journals.final.edit',
      'ktp.edit',
    ],
  },
  teacher: {
    name: 'Учитель',
    permissions: [...STAFF_VIEW, 'journals.edit', 'journals.final.edit', 'ktp.edit'],
  },
  class_teacher: {
    name: 'Классный руководитель',
    permissions: [
      'home.view',
      'students.view',
      'students.edit',
      'classes.view',
      'journals.view',
      'reports.view',
    ],
  },
  student: { name: 'Ученик', permissions: ['home.view', 'diary.view'] },
  parent: { name: 'Родитель', permissions: ['home.view', 'diary.view'] },
};
