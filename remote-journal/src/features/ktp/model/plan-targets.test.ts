import type { LoadItem } from '@parta/shared/domain/contracts/timetable';
import { planTargets } from './plan-targets';

let nextId = 1;
function load(group: string, subject: string, teacher: string | null, subgroup?: string): LoadItem {
  const grade = Number.parseInt(group, 10);
  const ids: Record<string, number> = {
    '5А': 51,
    '5Б': 52,
    '5В': 53,
    '6А': 61,
    Математика: 1,
    Английский: 2,
    Иванова: 7,
    Петров: 8,
  };
  return {
    id: nextId++,
    organization_id: 1,
    group_id: ids[group],
    group_name: group,
    grade,
    subgroup_id: subgroup ? nextId : null,
    subgroup_name: subgroup ?? null,
    subject_id: ids[subject],
    subject_name: subject,
    teacher_id: teacher ? ids[teacher] : null,
    teacher_name: teacher,
    hours_per_week: 5,
    room_kind: null,
    room_id: null,
    room_name: null,
    pair_allowed: false,
    subgroups_parallel: true,
    graded: true,
  };
}

describe('planTargets: what a new КТП can be made for', () => {
  it('offers the whole parallel where the teacher has a subject in two or more of its classes', () => {
    const targets = planTargets(
      [
        load('5Б', 'Математика', 'Иванова'),
        load('5А', 'Математика', 'Иванова'),
        load('6А', 'Математика', 'Иванова'),
        load('5А', 'Английский', 'Иванова'),
      ],
      false,
    );
    expect(targets.map((group) => group.group)).toEqual(['Класс', 'Параллель']);
    expect(targets[0].items.map((item) => item.label)).toEqual([
      '5А · Английский',
      '5А · Математика',
      '5Б · Математика',
      '6А · Математика',
    ]);
    expect(targets[1].items).toEqual([
      {
        value: 'parallel:5:1:7',
        label: 'Вся параллель 5-х классов (5А, 5Б) · Математика',
        name: 'Математика, 5-е классы',
        plan: { teacher_id: 7, subject_id: 1, group_id: null, grade: 5 },
      },
    ]);
  });

  it('a class plan names its class and no parallel', () => {
    const [classes] = planTargets([load('5А', 'Математика', 'Иванова')], false);
    expect(classes.items[0]).toMatchObject({
      name: 'Математика, 5А',
      plan: { teacher_id: 7, subject_id: 1, group_id: 51, grade: null },
    });
    expect(planTargets([load('5А', 'Математика', 'Иванова')], false)).toHaveLength(1);
  });

  it('keeps teachers apart and names them for завуч; subgroups of one class make one class choice', () => {
    const targets = planTargets(
      [
        load('5А', 'Английский', 'Иванова', 'группа 1'),
        load('5А', 'Английский', 'Иванова', 'группа 2'),
        load('5Б', 'Английский', 'Петров'),
        load('5В', 'Английский', null),
      ],
      true,
    );
    expect(targets.map((group) => group.group)).toEqual(['Класс']);
    expect(targets[0].items.map((item) => item.label)).toEqual([
      '5А · Английский · Иванова',
      '5Б · Английский · Петров',
      '5В · Английский · без учителя',
    ]);
  });

  it('names a class with its organization where the picker labels say so (a school and its branch)', () => {
    const labels = new Map([[51, '5А · Филиал (Берёзовка)']]);
    const [classes] = planTargets([load('5А', 'Математика', 'Иванова')], false, labels);
    expect(classes.items[0]).toMatchObject({
      label: '5А · Филиал (Берёзовка) · Математика',
      name: 'Математика, 5А · Филиал (Берёзовка)',
    });
  });
});
