import type { CourseJournal } from '@parta/shared/domain/contracts/extracurricular';
import type { Period } from '@parta/shared/domain/contracts/timetable';
import { courseDocument } from './course-document';

const term: Period = {
  id: 1,
  organization_id: 1,
  academic_year: '2026/2027',
  name: 'I четверть',
  kind: 'quarter',
  start_date: '2026-09-01',
  end_date: '2026-10-24',
  grades: [5],
  closed: true,
  year_closed: false,
};

function journal(passFail: boolean, sessions: CourseJournal['sessions']): CourseJournal {
  const students = [
    { id: 1, name: 'Акимова Вера', group_id: 5, group_name: '5А' },
    { id: 2, name: 'Белов Иван', group_id: 6, group_name: '5Б' },
  ];
  return {
    course: {
      id: 3,
      organization_id: 1,
      name: 'Шахматы: «дебют»/эндшпиль',
      direction: 'Общеинтеллектуальное',
      teacher_id: 9,
      teacher_name: 'Прохоров В. В.',
      co_teachers: passFail ? [{ id: 10, name: 'Ильин С. Я.' }] : [],
      hours_per_week: 1,
      pass_fail: passFail,
      students,
      slots: [],
      can_edit: true,
    },
    sessions,
    students,
    cells: sessions.length
      ? [
          {
            session_id: sessions[0].id,
            student_id: 1,
            present: true,
            excused: false,
            passed: true,
            version: 1,
          },
          {
            session_id: sessions[0].id,
            student_id: 2,
            present: false,
            excused: true,
            passed: null,
            version: 1,
          },
        ]
      : [],
  };
}

const session = {
  id: 7,
  date: '2026-09-02',
  start_time: '15:00:00',
  end_time: '15:45:00',
  room: null,
  topic: 'Дебют',
};
const input = (data: CourseJournal) => ({
  school: { name: 'МБОУ СОШ №1', shortName: 'СОШ №1' },
  chosen: term,
  journal: data,
  from: term.start_date,
  to: term.end_date,
  builtBy: null,
  today: '2026-12-02',
});

describe('a course’s archive document', () => {
  it('prints presence, «зач» for a course with зачёт, the counts, and a file name a disk takes', () => {
    const { document, fileName, title } = courseDocument(input(journal(true, [session])));
    expect(title).toBe(
      'Журнал внеурочной деятельности «Шахматы: «дебют»/эндшпиль», I четверть, 2026/2027 учебный год',
    );
    expect(fileName).toBe('Внеурочная Шахматы «дебют» эндшпиль 2026-2027 I четверть.pdf');
    expect(document.blocks[0].kind === 'title' && document.blocks[0].lines).toContain(
      'Учителя: Прохоров В. В., Ильин С. Я.',
    );
    const grid = document.blocks.find((block) => block.kind === 'grid');
    if (grid?.kind !== 'grid') throw new Error('no grid');
    expect(grid.rowLabels).toEqual(['1. Акимова Вера (5А)', '2. Белов Иван (5Б)']);
    expect(grid.columns.map((column) => [column.label, ...column.cells])).toEqual([
      ['02.09', 'зач', 'у'],
      ['Был', '1', '0'],
      ['Пропустил', '0', '1'],
    ]);
    expect(grid.note).toContain('зач — зачёт');
    const list = document.blocks.find((block) => block.kind === 'list');
    expect(list?.kind === 'list' && list.rows).toEqual([['1', '02.09.26', '15:00–15:45', '', 'Дебют']]);
  });

  it('says so when the course held no sessions', () => {
    const { document } = courseDocument(input(journal(false, [])));
    expect(document.blocks.at(-1)).toEqual({ kind: 'text', text: 'Занятий в этом периоде не было.' });
    const cover = document.blocks[0].kind === 'title' ? document.blocks[0].lines : [];
    expect(cover).toContain('Учеников: 2, занятий: 0');
    expect(cover).toContain('Учитель: Прохоров В. В.');
  });
});
