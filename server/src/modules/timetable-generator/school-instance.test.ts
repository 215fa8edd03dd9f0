import { generationWeightsSchema } from '@parta/shared/domain/contracts/timetable-generator';
import { classScreenProblems, schoolFigures } from './school-figures';
import {
  buildSchoolInstance,
  type SchoolData,
  type SchoolLoadLine,
  type SchoolRoom,
  type SchoolUnavailableCell,
} from './school-instance';
import { checkAssignment } from './solver/check';
import { diagnose } from './solver/diagnose';
import { solve } from './solver/search';

/**
 * The school's rooms, availability and load-line flags reach the solver as hard rules: one small
 * hand-made school per rule, solved, and the same rule checked on a placement that breaks it.
 */

const weights = generationWeightsSchema.parse({});
let nextLine = 1;

function line(
  className: string,
  subjectName: string,
  teacherId: number | null,
  hours: number,
  extra: Partial<SchoolLoadLine> = {},
): SchoolLoadLine {
  const classId = className.charCodeAt(className.length - 1);
  return {
    id: nextLine++,
    classId,
    className,
    grade: 7,
    subgroupId: null,
    subjectId: subjectName.length,
    subjectName,
    teacherId,
    teacherName: teacherId === null ? null : `Учитель ${teacherId}`,
    hours,
    roomKind: null,
    roomId: null,
    pairAllowed: false,
    subgroupsParallel: true,
    ...extra,
  };
}

function school(
  days: number,
  periods: number,
  lines: SchoolLoadLine[],
  extra: {
    rooms?: SchoolRoom[];
    unavailable?: SchoolUnavailableCell[];
    divisions?: SchoolData['divisions'];
    sizes?: SchoolData['sizes'];
    bells?: SchoolData['bells'];
  } = {},
  rules?: Parameters<typeof buildSchoolInstance>[2],
) {
  return buildSchoolInstance(
    { workingDays: days, maxLessonsPerDay: periods, lines, divisions: extra.divisions ?? [], ...extra },
    weights,
    rules,
  );
}

function solved(inst: ReturnType<typeof school>['instance'], seed = 1) {
  const result = solve(inst, { seed, seconds: 5, stopAtFeasible: true });
  const check = checkAssignment(inst, result);
  expect(check.problems).toEqual([]);
  expect(result.starts.every((s) => s >= 0)).toBe(true);
  return result;
}

const room = (
  id: number,
  name: string,
  kind: SchoolRoom['kind'],
  teacherId: number | null = null,
  capacity: number | null = 30,
): SchoolRoom => ({
  id,
  name,
  capacity,
  kind,
  teacherId,
});

describe('school instance: rooms', () => {
  test('a room is never double-booked: two classes needing the one gym take turns', () => {
    const { instance } = school(
      1,
      2,
      [
        line('7А', 'Физическая культура', 1, 1, { roomKind: 'gym' }),
        line('7Б', 'Физическая культура', 2, 1, { roomKind: 'gym' }),
        line('7А', 'Математика', 3, 1),
        line('7Б', 'История', 4, 1),
      ],
      { rooms: [room(10, 'Спортзал', 'gym'), room(11, 'Каб. 5', 'regular')] },
    );
    const gym = instance.resources.findIndex((r) => r.name === 'Спортзал');
    for (const seed of [1, 2, 3]) {
      const result = solved(instance, seed);
      expect(result.rooms[0]).toEqual([gym]);
      expect(result.rooms[1]).toEqual([gym]);
      expect(result.starts[0]).not.toBe(result.starts[1]);
    }
    const clash = { starts: [0, 0, 1, 1], rooms: [[gym], [gym], [], []] };
    expect(checkAssignment(instance, clash).problems.join(' ')).toContain('Спортзал');
  });

  test('a required kind, a required room and a teacher’s home room are where the lessons go', () => {
    const { instance } = school(
      1,
      4,
      [
        line('8А', 'Информатика', 1, 1, { roomKind: 'computer' }),
        line('8А', 'Химия', 2, 1, { roomId: 12 }),
        line('8А', 'Русский язык', 3, 1),
        line('8А', 'Литература', 3, 1),
      ],
      {
        rooms: [
          room(10, 'Каб. 1', 'regular'),
          room(11, 'Каб. 2 (ПК)', 'computer'),
          room(12, 'Каб. 3', 'lab'),
          room(13, 'Каб. 4', 'lab'),
          room(14, 'Каб. 7', 'regular', 3),
        ],
      },
    );
    const name = (i: number) => instance.resources[i].name;
    const result = solved(instance);
    expect(result.rooms.map((rs) => rs.map(name))).toEqual([
      ['Каб. 2 (ПК)'],
      ['Каб. 3'],
      ['Каб. 7'],
      ['Каб. 7'],
    ]);
    // A line that needs no room and whose teacher has none gets none.
    const { instance: plain } = school(1, 2, [line('8А', 'Музыка', 5, 1)], {
      rooms: [room(10, 'Каб. 1', 'regular')],
    });
    expect(plain.activities[0].roomOptions).toBeUndefined();
  });

  test('a required kind the school has no room of is named before any search', () => {
    const { instance } = school(1, 4, [line('8А', 'Информатика', 1, 1, { roomKind: 'computer' })], {
      rooms: [room(10, 'Каб. 1', 'regular')],
    });
    expect(diagnose(instance)).toEqual([
      '8А Информатика (Учитель 1): нет кабинета вида «компьютерный класс»',
    ]);
  });
});

describe('school instance: room capacity', () => {
  const classId = 'А'.charCodeAt(0);
  const sizes = [
    { classId, subgroupId: null, pupils: 28 },
    { classId, subgroupId: 101, pupils: 12 },
    { classId, subgroupId: 102, pupils: 16 },
  ];
  const rooms = [
    room(10, 'Лаборатория 1', 'lab', null, 16),
    room(11, 'Лаборатория 2', 'lab', null, 30),
    room(12, 'Каб. 3', 'regular', 3, 12),
    room(13, 'Каб. 4', 'regular', 4, 12),
    room(14, 'Каб. 5', 'regular', null, null),
  ];

  test('a line’s size is its class’s or subgroup’s pupils, and rooms too small are not among its options', () => {
    const { instance } = school(
      1,
      4,
      [
        line('8А', 'Химия', 1, 2, { roomKind: 'lab' }),
        line('8А', 'Английский язык', 3, 1, { subgroupId: 101 }),
        line('8А', 'Английский язык', 4, 1, { subgroupId: 102 }),
        line('8А', 'Физика', 5, 1, { roomId: 14 }),
      ],
      { rooms, sizes, divisions: [{ classId, subgroupIds: [101, 102] }] },
    );
    const name = (i: number) => instance.resources[i].name;
    expect(instance.activities.map((a) => a.size)).toEqual([28, 28, 12, 16, 28]);
    expect(instance.activities.map((a) => a.roomOptions?.map((opts) => opts.map(name)))).toEqual([
      [['Лаборатория 2']],
      [['Лаборатория 2']],
      // A home room the subgroup fits; one it does not fit is no request at all.
      [['Каб. 3']],
      undefined,
      // A room of no set capacity takes any class.
      [['Каб. 5']],
    ]);
    for (const seed of [1, 2, 3]) {
      const result = solved(instance, seed);
      expect(result.rooms.slice(0, 2).map((rs) => rs.map(name))).toEqual([
        ['Лаборатория 2'],
        ['Лаборатория 2'],
      ]);
    }
    expect(diagnose(instance)).toEqual([]);
  });

  test('a class larger than every room of its kind, or than the room it names, is named before any search', () => {
    const small = rooms.filter((r) => r.name !== 'Лаборатория 2');
    const { instance } = school(
      5,
      6,
      [line('8А', 'Химия', 1, 2, { roomKind: 'lab' }), line('8А', 'Биология', 2, 2, { roomId: 12 })],
      { rooms: small, sizes },
    );
    expect(diagnose(instance)).toEqual([
      '8А Химия (Учитель 1), 28 уч.: нет кабинета вида «лаборатория» на 28 мест (самый большой — Лаборатория 1, 16 мест)',
      '8А Биология (Учитель 2), 28 уч.: в кабинете Каб. 3 только 12 мест',
    ]);
    // Without the pupils' numbers every room fits.
    expect(
      diagnose(school(5, 6, [line('8А', 'Химия', 1, 2, { roomKind: 'lab' })], { rooms: small }).instance),
    ).toEqual([]);
  });
});

describe('school instance: availability', () => {
  test('a teacher’s free day stays free', () => {
    const { instance } = school(2, 3, [line('9А', 'Физика', 1, 3), line('9А', 'Алгебра', 2, 3)], {
      unavailable: [1, 2, 3].map((n) => ({ teacherId: 1, classId: null, weekday: 1, lessonNumber: n })),
    });
    for (const seed of [1, 2]) {
      const result = solved(instance, seed);
      // Physics (activities 0–2) all on Tuesday: slots 3–5.
      for (const s of result.starts.slice(0, 3)) expect(s).toBeGreaterThanOrEqual(3);
    }
    expect(
      checkAssignment(instance, { starts: [0, 4, 5, 1, 2, 3], rooms: [[], [], [], [], [], []] })
        .hardViolations,
    ).toBeGreaterThan(0);
  });

  test('a class’s unavailable cells stay free', () => {
    const { instance } = school(1, 4, [line('5А', 'Русский язык', 1, 1), line('5А', 'Математика', 2, 1)], {
      unavailable: [{ teacherId: null, classId: 'А'.charCodeAt(0), weekday: 1, lessonNumber: 1 }],
    });
    const result = solved(instance);
    expect(result.starts).not.toContain(0);
    expect(checkAssignment(instance, { starts: [0, 1], rooms: [[], []] }).hardViolations).toBeGreaterThan(0);
  });

  test('the diagnosis names a teacher with more hours than available cells', () => {
    const lines = ['А', 'Б', 'В', 'Г', 'Д', 'Е'].map((letter) => ({
      ...line(`10${letter}`, 'Математика', 1, 5),
      teacherName: 'Иванова И. И.',
    }));
    const unavailable = [1, 2, 3, 4, 5, 6].map((n) => ({
      teacherId: 1,
      classId: null,
      weekday: 5,
      lessonNumber: n,
    }));
    const { instance } = school(5, 6, lines, { unavailable });
    expect(diagnose(instance)).toContain('Иванова И. И.: 30 ч при доступных 24 клетках');
    expect(diagnose(school(5, 6, lines).instance)).toEqual([]);
  });
});

describe('school instance: load-line flags', () => {
  test('a «пара» allowed: two hours of one day stand next to each other', () => {
    const pairLine = line('6А', 'Технология', 1, 2, { pairAllowed: true });
    const { instance } = school(1, 3, [pairLine, line('6А', 'История', 2, 1)]);
    for (const seed of [1, 2, 3]) {
      const result = solved(instance, seed);
      expect(Math.abs(result.starts[0] - result.starts[1])).toBe(1);
    }
    const apart = { starts: [0, 2, 1], rooms: [[], [], []] };
    expect(checkAssignment(instance, apart).problems).toEqual([
      '6А Технология (Учитель 1): два урока в один день не подряд',
    ]);
    // Without the flag the same placement breaks no hard rule (twice a day only costs).
    const { instance: plain } = school(1, 3, [
      { ...pairLine, pairAllowed: false },
      line('6А', 'История', 2, 1),
    ]);
    expect(checkAssignment(plain, apart).hardViolations).toBe(0);
  });

  test('subgroups run in parallel unless the line says otherwise', () => {
    const division = { classId: 'А'.charCodeAt(0), subgroupIds: [101, 102] };
    const lines = (parallel: boolean) => [
      line('7А', 'Английский язык', 1, 2, { subgroupId: 101, subgroupsParallel: parallel }),
      line('7А', 'Английский язык', 2, 2, { subgroupId: 102, subgroupsParallel: parallel }),
      line('7А', 'Математика', 3, 2),
    ];
    const { instance } = school(1, 6, lines(true), { divisions: [division] });
    expect(instance.sameStart).toHaveLength(2);
    for (const seed of [1, 2]) {
      const result = solved(instance, seed);
      expect(result.starts[0]).toBe(result.starts[2]);
      expect(result.starts[1]).toBe(result.starts[3]);
    }
    const apart = { starts: [0, 1, 2, 3, 4, 5], rooms: [[], [], [], [], [], []] };
    expect(checkAssignment(instance, apart).hardViolations).toBeGreaterThan(0);
    const { instance: separate } = school(1, 6, lines(false), { divisions: [division] });
    expect(separate.sameStart).toEqual([]);
    // One group first, the other last, the whole class between: no clash and no gap once not in
    // parallel, but the second group's pupils would come at the 3rd lesson (two periods late).
    const ends = { starts: [0, 1, 4, 5, 2, 3], rooms: [[], [], [], [], [], []] };
    expect(checkAssignment(separate, ends).problems).toEqual([
      '7А (подгруппа 2): день начинается не с первого урока',
    ]);
    expect(checkAssignment(separate, ends).hardViolations).toBe(2);
    expect(checkAssignment(instance, ends).hardViolations).toBeGreaterThan(2);
    solved(separate);
  });
});

describe('school instance: a class’s day as a Russian school expects', () => {
  test('a lesson goes only where the class’s own bells ring (the 1st grade’s, three lessons here)', () => {
    const first = (className: string, subject: string, teacher: number, hours: number) =>
      line(className, subject, teacher, hours, { grade: 1 });
    const lines = [
      first('1А', 'Русский язык', 1, 5),
      first('1А', 'Математика', 1, 4),
      first('1А', 'Литературное чтение', 1, 4),
      first('1А', 'Окружающий мир', 1, 2),
      line('7Б', 'Алгебра', 2, 5),
      line('7Б', 'История', 3, 5),
      line('7Б', 'Физика', 4, 5),
      line('7Б', 'Литература', 5, 5),
    ];
    const bells = new Map([
      // Three lessons (a shortened week), below СанПиН's 4: the bells alone keep the 4th free.
      [1, [1, 2, 3]],
      [7, [1, 2, 3, 4, 5, 6, 7]],
    ]);
    const built = school(5, 7, lines, { bells });
    for (const seed of [1, 2]) {
      const result = solved(built.instance, seed);
      const firstGrade = result.starts.filter((_, i) => built.lineOf[i].grade === 1);
      expect(firstGrade).toHaveLength(15);
      for (const s of firstGrade) expect(s % 7).toBeLessThan(3);
    }
    // The 5th lesson of a 1st grade is refused by the check that reports the result.
    const fifth = solved(built.instance);
    const i = fifth.starts.findIndex((_, a) => built.lineOf[a].grade === 1);
    const moved = { ...fifth, starts: fifth.starts.map((s, a) => (a === i ? 3 : s)) };
    expect(checkAssignment(built.instance, moved).problems).toContain(
      '1А: занятие в недоступное время (Понедельник, 4 урок)',
    );
    // More hours than the bells ring in the week: named before any search.
    const over = school(5, 7, [...lines, first('1А', 'Музыка', 6, 1)], { bells });
    expect(diagnose(over.instance)).toEqual(['1А: 16 ч при доступных 15 клетках']);
  });

  test('no gaps and the 1st lesson are hard by default; turned off, only soft', () => {
    const lines = [line('6Б', 'Русский язык', 1, 2), line('6Б', 'Математика', 2, 2)];
    // The class starts at the 2nd lesson and has a gap at the 4th.
    const late = { starts: [1, 2, 4, 7], rooms: [[], [], [], []] };
    const strict = school(2, 6, lines);
    expect(checkAssignment(strict.instance, late).problems).toEqual([
      '6Б: окна в день 1: 1',
      '6Б: день начинается не с первого урока',
    ]);
    const relaxed = school(2, 6, lines, {}, { noGaps: false, firstLesson: false });
    expect(checkAssignment(relaxed.instance, late).hardViolations).toBe(0);
    for (const seed of [1, 2, 3]) {
      const result = solved(strict.instance, seed);
      for (const d of [0, 1]) {
        const mine = result.starts.filter((s) => Math.floor(s / 6) === d).map((s) => s % 6);
        if (mine.length > 0) expect(Math.min(...mine)).toBe(0);
      }
    }
  });

  test('the result’s figures per class and teacher, as the class’s timetable shows them', () => {
    const division = { classId: 'В'.charCodeAt(0), subgroupIds: [201, 202] };
    const lines = [
      line('8В', 'Английский язык', 1, 2, { subgroupId: 201 }),
      line('8В', 'Английский язык', 2, 2, { subgroupId: 202 }),
      line('8В', 'Алгебра', 3, 3),
      line('8В', 'История', 4, 3),
    ];
    const built = school(2, 7, lines, { divisions: [division] });
    // Beyond the first valid timetable: the even days are a soft rule.
    const result = solve(built.instance, { seed: 1, seconds: 1 });
    const check = checkAssignment(built.instance, result);
    expect(check.problems).toEqual([]);
    const figures = schoolFigures(built, result, check);
    // English in parallel: one lesson of the day for the class; 8 lessons over 2 days, 4 each.
    expect(figures.classes).toEqual([
      {
        class_id: division.classId,
        name: '8В',
        gaps: 0,
        late_starts: 0,
        longest_day: 4,
        shortest_day: 4,
        days_of_7: 0,
        note: null,
      },
    ]);
    expect(figures.teachers.map((t) => t.name)).toEqual(['Учитель 1', 'Учитель 2', 'Учитель 3', 'Учитель 4']);
    const algebra = figures.teachers[2];
    expect(algebra.days * algebra.longest_day).toBeGreaterThanOrEqual(3);
    expect(classScreenProblems(built, result)).toEqual([]);
  });

  test('the class’s screen: subgroups at different times count together against the day’s maximum', () => {
    const division = { classId: 'Г'.charCodeAt(0), subgroupIds: [301, 302] };
    const lines = [
      line('5Г', 'Технология', 1, 1, { subgroupId: 301, subgroupsParallel: false, grade: 5 }),
      line('5Г', 'Технология', 1, 1, { subgroupId: 302, subgroupsParallel: false, grade: 5 }),
      line('5Г', 'Математика', 2, 5, { grade: 5 }),
    ];
    const built = school(1, 7, lines, { divisions: [division] });
    // Each subgroup has 6 lessons (the 5th grade's maximum), the class's timetable lists 7.
    const result = { starts: [5, 6, 0, 1, 2, 3, 4], rooms: [] };
    expect(classScreenProblems(built, result)).toEqual(['5Г: 7 уроков в Понедельник при пределе 6']);
  });
});
