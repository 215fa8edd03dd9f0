import {
  covers,
  dateSpan,
  mergeOptions,
  moveOptions,
  roomFit,
  schoolDayOf,
  surroundingsOf,
} from './cover-options';
import type { DayLessonRow } from './substitutions.repository';

/** The options the screen offers, computed from rows as the database would give them (no database). */
let nextId = 1;
function row(over: Partial<DayLessonRow>): DayLessonRow {
  return {
    id: nextId++,
    date: '2026-03-02',
    lessonNumber: 2,
    startTime: '09:00',
    classId: 1,
    grade: 5,
    letter: 'А',
    subgroupId: null,
    subjectId: 10,
    subjectName: 'Математика',
    teacherId: 100,
    status: 'scheduled',
    swappedWithId: null,
    surname: 'Иванова',
    name: 'Анна',
    patronymic: 'Петровна',
    ...over,
  } as DayLessonRow;
}

const nobodyAway = schoolDayOf({
  teachers: [],
  loadLines: [],
  busy: [],
  absences: [],
  monthCount: new Map(),
  weeklyMax: 36,
});

describe('covers', () => {
  const absence = { startDate: '2026-03-02', endDate: '2026-03-04', fromLesson: 3 };
  it('takes the range, and on the first day only from `from_lesson` on', () => {
    expect(covers(absence, '2026-03-02', 2)).toBe(false);
    expect(covers(absence, '2026-03-02', 3)).toBe(true);
    expect(covers(absence, '2026-03-03', 1)).toBe(true);
    expect(covers(absence, '2026-03-05', 1)).toBe(false);
    expect(covers({ ...absence, fromLesson: null }, '2026-03-02', 1)).toBe(true);
  });
});

describe('dateSpan', () => {
  it('is the first and the last date, the epoch for none', () => {
    expect(dateSpan(['2026-03-04', '2026-03-02', '2026-03-03'])).toEqual({
      from: '2026-03-02',
      to: '2026-03-04',
    });
    expect(dateSpan([])).toEqual({ from: '1970-01-01', to: '1970-01-01' });
  });
});

describe('merge options and the room', () => {
  const own = row({ classId: 1, letter: 'А', teacherId: 100 });
  const parallel = row({ classId: 2, letter: 'Б', teacherId: 200, surname: 'Петров', name: 'Олег' });
  const around = (
    rooms: { teacherId: number | null; name: string; capacity: number | null }[],
    extra: DayLessonRow[] = [],
  ) =>
    surroundingsOf({
      rows: [own, parallel, ...extra],
      pupils: new Map([
        [1, 25],
        [2, 23],
      ]),
      rooms,
      lessonRooms: [],
    });

  it('offers the parallel class of the same subject at that hour, the room of its teacher checked', () => {
    const [option] = mergeOptions(
      around([{ teacherId: 200, name: '12', capacity: 50 }]),
      nobodyAway,
      own,
      100,
    );
    expect(option).toMatchObject({ lesson_id: parallel.id, group_name: '5Б', teacher_id: 200, fits: true });
    expect(option.room_note).toBe('каб. 12: 50 мест на 48 учеников');
  });

  it('says when both classes do not fit, and when the room is not known', () => {
    expect(roomFit(around([{ teacherId: 200, name: '12', capacity: 30 }]), own, parallel)).toEqual({
      fits: false,
      room_note: 'каб. 12: 30 мест на 48 учеников — не поместятся',
    });
    expect(roomFit(around([]), own, parallel).fits).toBeNull();
  });

  it('offers nothing for a subgroup lesson, nor with a teacher who is away', () => {
    expect(mergeOptions(around([]), nobodyAway, { ...own, subgroupId: 7 }, 100)).toEqual([]);
    const away = schoolDayOf({
      teachers: [],
      loadLines: [],
      busy: [],
      absences: [{ teacherId: 200, startDate: '2026-03-02', endDate: '2026-03-02', fromLesson: null }],
      monthCount: new Map(),
      weeklyMax: 36,
    });
    expect(mergeOptions(around([]), away, own, 100)).toEqual([]);
  });
});

describe('move options', () => {
  it('offers the class’s later lesson of another subject whose teacher is free at this hour', () => {
    const own = row({ classId: 3, lessonNumber: 2, teacherId: 100 });
    const later = row({ classId: 3, lessonNumber: 4, subjectId: 11, subjectName: 'История', teacherId: 300 });
    const busyTeacher = row({
      classId: 3,
      lessonNumber: 5,
      subjectId: 12,
      subjectName: 'Химия',
      teacherId: 400,
    });
    const school = schoolDayOf({
      teachers: [],
      loadLines: [],
      busy: [{ teacherId: 400, date: '2026-03-02', lessonNumber: 2 }],
      absences: [],
      monthCount: new Map(),
      weeklyMax: 36,
    });
    const around = surroundingsOf({
      rows: [own, later, busyTeacher],
      pupils: new Map(),
      rooms: [],
      lessonRooms: [],
    });
    expect(moveOptions(around, school, own)).toEqual([
      { lesson_id: later.id, lesson_number: 4, subject_name: 'История', teacher_name: 'Иванова А. П.' },
    ]);
  });
});

describe('schoolDayOf', () => {
  it('counts each teacher’s lessons per day and per week, and sorts the teachers by name', () => {
    const school = schoolDayOf({
      teachers: [
        { id: 2, surname: 'Яковлев', name: 'Иван', patronymic: null },
        { id: 1, surname: 'Абрамова', name: 'Ольга', patronymic: null },
      ],
      loadLines: [],
      busy: [
        { teacherId: 1, date: '2026-03-02', lessonNumber: 1 },
        { teacherId: 1, date: '2026-03-03', lessonNumber: 2 },
        { teacherId: null, date: '2026-03-03', lessonNumber: 2 },
      ],
      absences: [],
      monthCount: new Map(),
      weeklyMax: 30,
    });
    expect(school.teachers.map((teacher) => teacher.id)).toEqual([1, 2]);
    expect(school.dayLessons.get('1|2026-03-02')).toEqual(new Set([1]));
    expect(school.weekLessons.get('1|2026-03-02')).toBe(2);
    expect(school.weeklyMax).toBe(30);
  });
});
