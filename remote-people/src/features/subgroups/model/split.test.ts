import { initialSplit, membersOf, moveStudents } from './split';

const people = [
  { id: 1, surname: 'Яковлев', name: 'Иван', patronymic: null },
  { id: 2, surname: 'Абрамова', name: 'Анна', patronymic: null },
  { id: 3, surname: 'Иванов', name: 'Пётр', patronymic: null },
  { id: 4, surname: 'Борисов', name: 'Олег', patronymic: null },
  { id: 5, surname: 'Ершова', name: 'Мария', patronymic: null },
];

describe('subgroup split', () => {
  it('halves the alphabetical list for a subject not split yet', () => {
    expect(initialSplit(people, undefined)).toEqual({
      names: ['Группа 1', 'Группа 2'],
      members: [
        [2, 4, 5],
        [3, 1],
      ],
    });
  });

  it('keeps a saved split, drops students who left and puts newcomers into the smaller subgroup', () => {
    const saved = {
      id: 9,
      subject_id: 3,
      subject_name: 'Английский язык',
      subgroups: [
        { id: 1, name: 'Первая', student_ids: [1, 2, 99] },
        { id: 2, name: 'Вторая', student_ids: [3] },
      ],
    };
    expect(initialSplit(people, saved)).toEqual({
      names: ['Первая', 'Вторая'],
      // Борисов joins the smaller «Вторая», then Ершова the first of two equal ones
      members: [
        [1, 2, 5],
        [3, 4],
      ],
    });
  });

  it('moves students so that each is in exactly one subgroup', () => {
    const split = {
      names: ['1', '2'],
      members: [
        [1, 2, 3],
        [4, 5],
      ],
    };
    const moved = moveStudents(split, [2, 3], 1);
    expect(moved.members).toEqual([[1], [4, 5, 2, 3]]);
    expect(moveStudents(moved, [4], 0).members).toEqual([
      [1, 4],
      [5, 2, 3],
    ]);
    expect(membersOf(moved, 1, people).map((p) => p.surname)).toEqual(
      ['Абрамова', 'Ершова', 'Иванов', 'Борисов'].sort((a, b) => a.localeCompare(b, 'ru')),
    );
  });
});
