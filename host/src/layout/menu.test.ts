import { ROLE_DEFINITIONS } from '@parta/shared/domain/permissions';
import { isActive, MENU, visibleMenu } from './menu';

const canFor = (keys: readonly string[]) => (key: string) => keys.includes(key);
const labels = (keys: readonly string[]) =>
  visibleMenu(canFor(keys)).flatMap((group) => group.items.map((item) => item.label));

describe('sidebar menu', () => {
  it('spells the report group with its «ё», as the SPEC writes it', () => {
    const groups = MENU.map((group) => group.label);
    expect(groups).toContain('Отчётность и журналы');
    expect(groups.join(' ')).not.toMatch(/Отчетн/);
  });

  it('shows everything to the platform administrator', () => {
    expect(labels(ROLE_DEFINITIONS.platform_admin.permissions)).toHaveLength(
      MENU.reduce((sum, group) => sum + group.items.length, 0),
    );
  });

  it('shows a student only the home items and the diary', () => {
    expect(labels(ROLE_DEFINITIONS.student.permissions)).toEqual(['Рабочий стол', 'Профиль', 'Дневник']);
  });

  it('hides management from a director and drops empty groups', () => {
    const groups = visibleMenu(canFor(ROLE_DEFINITIONS.director.permissions)).map((group) => group.label);
    expect(groups).not.toContain('Управление');
    expect(labels(ROLE_DEFINITIONS.director.permissions)).toContain('Настройки');
  });

  it('drops the items of a remote the deployment does not publish (no Управление without the admin module)', () => {
    const groups = visibleMenu(
      canFor(ROLE_DEFINITIONS.platform_admin.permissions),
      new Set(['admin'] as const),
    );
    expect(groups.map((group) => group.label)).not.toContain('Управление');
    expect(groups.flatMap((group) => group.items.map((item) => item.label))).toContain('Рабочий стол');
  });

  it('names every group once and says «Отчёты» as the reports page does', () => {
    const groups = visibleMenu(canFor(ROLE_DEFINITIONS.platform_admin.permissions)).map(
      (group) => group.label,
    );
    expect(new Set(groups).size).toBe(groups.length);
    expect(labels(ROLE_DEFINITIONS.platform_admin.permissions)).toContain('Отчёты');
  });

  it('shows «Архив года» to the director and the завуч, whose year end it is, and to a class teacher', () => {
    expect(labels(ROLE_DEFINITIONS.director.permissions)).toContain('Архив года');
    expect(labels(ROLE_DEFINITIONS.deputy.permissions)).toContain('Архив года');
    expect(labels(ROLE_DEFINITIONS.class_teacher.permissions)).toContain('Архив года');
    expect(labels(ROLE_DEFINITIONS.teacher.permissions)).not.toContain('Архив года');
    const items = MENU.flatMap((group) => group.items);
    const journal = items.find((item) => item.to === '/journal')!;
    const archive = items.find((item) => item.to === '/journal/archive')!;
    expect(isActive(archive, '/journal/archive')).toBe(true);
    expect(isActive(journal, '/journal/archive')).toBe(false);
  });

  it('marks sub-pages of an item active', () => {
    const users = MENU[1].items[0];
    expect(isActive(users, '/users')).toBe(true);
    expect(isActive(users, '/users/5/edit')).toBe(true);
    expect(isActive(users, '/users-archive')).toBe(false);
    const items = MENU.flatMap((group) => group.items);
    const timetable = items.find((item) => item.to === '/timetable')!;
    const substitutions = items.find((item) => item.to === '/timetable/substitutions')!;
    expect(isActive(timetable, '/timetable/templates/3')).toBe(true);
    expect(isActive(timetable, '/timetable/substitutions')).toBe(false);
    expect(isActive(substitutions, '/timetable/substitutions')).toBe(true);
  });
});
