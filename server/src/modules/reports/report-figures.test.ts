import { classificationRows, classifiedStudents } from './classification-figures';
import { completionGaps, completionRows } from './completion-figures';
import { performanceFigures } from './performance-figures';
import type { ReportMarkRow } from './reports.repository';

/** The reports' figures from rows as the database gives them (no database). */
const people = [
  { id: 1, surname: 'Агапов', name: 'Илья', classId: 10, number: 5, letter: 'А' },
  { id: 2, surname: 'Белова', name: 'Ольга', classId: 10, number: 5, letter: 'А' },
  { id: 3, surname: 'Ветров', name: 'Пётр', classId: 11, number: 5, letter: 'Б' },
];

function mark(studentId: number, subjectId: number, value: string | null, over: Partial<ReportMarkRow> = {}) {
  const person = people.find((candidate) => candidate.id === studentId) ?? people[0];
  return {
    studentId,
    surname: person.surname,
    name: person.name,
    classId: person.classId,
    number: person.number,
    letter: person.letter,
    subjectId,
    subjectName: subjectId === 1 ? 'Математика' : 'История',
    teacherId: subjectId === 1 ? 100 : 200,
    teacherSurname: subjectId === 1 ? 'Иванова' : 'Петров',
    teacherName: 'Анна',
    teacherPatronymic: null,
    graded: true,
    value,
    ...over,
  } satisfies ReportMarkRow;
}

const marks = [
  mark(1, 1, '5'),
  mark(1, 2, '5'),
  mark(2, 1, '5'),
  mark(2, 2, '4'),
  mark(3, 1, '3'),
  mark(3, 2, '2'),
];

describe('classification figures', () => {
  const students = classifiedStudents(people, marks);

  it('gives each class, its parallel and the school for the whole school', () => {
    const rows = classificationRows(students, 'final', true);
    expect(rows.map((row) => [row.level, row.name, row.students])).toEqual([
      ['class', '5А', 2],
      ['class', '5Б', 1],
      ['grade', '5-е классы', 3],
      ['school', 'Всего по школе', 3],
    ]);
    const [fiveA] = rows;
    expect(fiveA.counts.excellent).toBe(1);
    expect(fiveA.counts.good).toBe(1);
    expect(fiveA.counts.good_one_four).toBe(1);
    expect(fiveA.names.excellent).toEqual([{ id: 1, name: 'Агапов Илья' }]);
    expect(rows[3].counts.failing_one).toBe(1);
    // The parallel and the school list no names.
    expect(rows[3].names.excellent).toEqual([]);
  });

  it('gives only the classes when one class is chosen', () => {
    expect(classificationRows(students, 'final', false).map((row) => row.level)).toEqual(['class', 'class']);
  });

  it('leaves a subject taught «без отметок» out of a student’s kind', () => {
    const [student] = classifiedStudents([people[2]], [mark(3, 1, '5'), mark(3, 2, null, { graded: false })]);
    expect(student.graded).toBe(true);
    expect(student.marks.n5).toBe(1);
    expect(student.marks.n2).toBe(0);
  });
});

describe('performance figures', () => {
  it('tallies per class × subject, per subject, per teacher and for the school', () => {
    const figures = performanceFigures(marks);
    const math5a = figures.rows.find((row) => row.group_name === '5А' && row.subject_id === 1);
    expect(math5a).toMatchObject({ n5: 2, total: 2, teacher_id: 100, without_marks: false });
    expect(figures.subjects.map((row) => [row.subject_name, row.total])).toEqual([
      ['История', 3],
      ['Математика', 3],
    ]);
    expect(figures.teachers.map((row) => row.teacher_id)).toEqual([100, 200]);
    expect(figures.school).toMatchObject({ n5: 3, n4: 1, n3: 1, n2: 1, total: 6 });
  });

  it('counts a student once per line', () => {
    const figures = performanceFigures([mark(1, 1, '5'), mark(1, 1, '5')]);
    expect(figures.school.total).toBe(1);
  });
});

describe('completion figures', () => {
  const row = {
    teacherId: 100,
    teacherSurname: 'Иванова',
    teacherName: 'Анна',
    teacherPatronymic: null,
    classId: 10,
    number: 5,
    letter: 'А',
    subjectId: 1,
    subjectName: 'Математика',
    held: 10,
    withTopic: 9,
    withHomework: 8,
    withMarks: 7,
    ktpGiven: 6,
    graded: true,
    marks: 40,
    students: 25,
  };

  it('sums the КТП hours of the plans that fit and counts the students below the minimum', () => {
    const [result] = completionRows(
      [row],
      [{ teacher_id: 100, class_id: 10, subject_id: 1, enough: 20 }],
      [
        { teacherId: 100, classId: 10, grade: null, subjectId: 1, hours: 4 },
        { teacherId: null, classId: null, grade: 5, subjectId: 1, hours: 2 },
        { teacherId: 999, classId: 10, grade: null, subjectId: 1, hours: 50 },
      ],
    );
    expect(result).toMatchObject({
      group_name: '5А',
      ktp_planned_hours: 6,
      ktp_given_hours: 6,
      students_below_minimum: 5,
      without_marks: false,
    });
    const [none] = completionRows([row], [], []);
    expect(none.ktp_planned_hours).toBeNull();
  });

  it('names what each gap misses; a lesson taught without marks misses no marks', () => {
    const gap = {
      id: 5,
      date: '2026-03-02',
      lessonNumber: 1,
      number: 1,
      letter: 'А',
      subjectName: 'Чтение',
      teacherSurname: 'Иванова',
      teacherName: 'Анна',
      teacherPatronymic: null,
      topic: ' ',
      homework: 'стр. 5',
      hasMarks: false,
      graded: true,
    };
    expect(completionGaps([gap] as never)[0].missing).toEqual(['topic']);
    expect(completionGaps([{ ...gap, number: 5 }] as never)[0].missing).toEqual(['topic', 'marks']);
  });
});
