import type { FinalGrid, JournalGrid } from '@parta/shared/domain/contracts/journal';
import type { LoadItem, Period } from '@parta/shared/domain/contracts/timetable';
import type { ArchiveBlock } from '../../files/archive-pdf';
import {
  abbreviate,
  attendanceBlocks,
  byLoadOrder,
  classDocument,
  coveredDates,
  periodsOfClass,
  sentence,
  shortPeriodName,
  summaryBlocks,
  termOf,
} from './archive-document';

/**
 * The archive's document of one class, computed without a database: the periods it covers, its
 * cover, a load's grid cut into terms, the attendance totals and the summary of final marks.
 */

const period = (id: number, values: Partial<Period>): Period => ({
  id,
  organization_id: 1,
  academic_year: '2025/2026',
  name: `Период ${id}`,
  kind: 'quarter',
  start_date: '2025-09-01',
  end_date: '2026-05-31',
  grades: [5],
  closed: false,
  year_closed: false,
  ...values,
});

const year = period(10, { name: '2025/2026', kind: 'year' });
const first = period(1, {
  name: 'I четверть',
  start_date: '2025-09-01',
  end_date: '2025-10-26',
  closed: true,
});
const second = period(2, { name: 'II четверть', start_date: '2025-11-05', end_date: '2025-12-28' });
const third = period(3, { name: 'III четверть', start_date: '2026-01-09', end_date: '2026-03-22' });
const ofOtherGrades = period(4, { name: 'I полугодие', kind: 'half', grades: [10, 11] });

const students = [
  { id: 101, surname: 'Иванов', name: 'Пётр', patronymic: null },
  { id: 102, surname: 'Смирнова', name: 'Анна', patronymic: 'Олеговна' },
];

const load = {
  id: 7,
  subject_id: 3,
  subject_name: 'Математика',
  subgroup_name: null,
  teacher_name: 'Прохоров В. В.',
} as unknown as LoadItem;

const finals = {
  group_id: 5,
  group_name: '5А',
  periods: [first, second, year],
  subjects: [
    { id: 3, name: 'Математика', editable: false, without_marks: false },
    { id: 4, name: 'Изобразительное искусство', editable: false, without_marks: true },
  ],
  students,
  marks: [{ student_id: 101, subject_id: 3, period_id: 1, value: '5' }],
  proposals: [{ student_id: 102, subject_id: 3, period_id: 2, value: '4' }],
} as FinalGrid;

const whole = {
  load,
  period: year,
  students,
  work_types: [],
  lessons: [
    { id: 1, date: '2025-09-02', lesson_number: 1, topic: 'Натуральные числа', homework: '№ 1' },
    { id: 2, date: '2025-11-06', lesson_number: 2, topic: 'Дроби', homework: null },
  ],
  cells: [
    {
      lesson_id: 1,
      student_id: 101,
      grades: [{ value: 5, work_type_id: null }],
      attendance: null,
      version: 1,
    },
    { lesson_id: 1, student_id: 102, grades: [], attendance: 'б', version: 1 },
    { lesson_id: 2, student_id: 102, grades: [], attendance: 'н', version: 1 },
  ],
  final_marks: [],
} as unknown as JournalGrid;

const grid = (block: ArchiveBlock | undefined) => {
  if (block?.kind !== 'grid') throw new Error(`not a grid: ${block?.kind}`);
  return block;
};

describe('the periods a class’s document covers', () => {
  it('takes the year’s terms of the class’s grade begun by today, in order, and the year', () => {
    const { terms, year: covered } = periodsOfClass(
      [third, year, second, first, ofOtherGrades],
      year,
      5,
      '2025-12-01',
    );
    expect(terms.map((term) => term.id)).toEqual([1, 2]);
    expect(covered).toBe(year);
    expect(coveredDates(year, terms)).toEqual({ from: '2025-09-01', to: '2025-12-28' });
  });

  it('takes one closed term alone', () => {
    expect(periodsOfClass([first, second, year], first, 5, '2026-06-01')).toEqual({
      terms: [first],
      year: null,
    });
  });

  it('names periods short enough for a column', () => {
    expect(shortPeriodName(first)).toBe('I ч.');
    expect(shortPeriodName(ofOtherGrades)).toBe('I п/г');
    expect(shortPeriodName(year)).toBe('Год');
  });
});

describe('a load’s grid cut into a term', () => {
  it('keeps the term’s lessons, their cells and the term’s confirmed final marks of the subject', () => {
    const cut = termOf(whole, first, finals);
    expect(cut.lessons.map((lesson) => lesson.id)).toEqual([1]);
    expect(cut.cells.map((cell) => cell.lesson_id)).toEqual([1, 1]);
    expect(cut.final_marks).toEqual([{ student_id: 101, value: '5' }]);
    expect(cut.period).toBe(first);
  });
});

describe('the totals and the summary', () => {
  it('counts lessons missed per pupil and term, and of them through illness', () => {
    const grids = [first, second].map((term) => ({ term, grid: termOf(whole, term, finals) }));
    const [heading, table] = attendanceBlocks(finals, [first, second], grids);
    expect(heading).toMatchObject({ kind: 'heading', text: 'Итоги посещаемости (уроков)', newPage: true });
    const columns = grid(table).columns;
    expect(columns.map((column) => `${column.group} ${column.label}`)).toEqual([
      'I четверть пропущено',
      'I четверть по болезни',
      'II четверть пропущено',
      'II четверть по болезни',
      'Всего пропущено',
      'Всего по болезни',
    ]);
    // Смирнова: ill on the 2nd of September, absent on the 6th of November.
    expect(columns.map((column) => column.cells[1])).toEqual(['1', '1', '1', '0', '2', '1']);
    expect(columns.map((column) => column.cells[0])).toEqual(['0', '0', '0', '0', '0', '0']);
  });

  it('prints confirmed marks plain, proposals of an open term with «?», «б/о» for a subject without marks', () => {
    const table = grid(summaryBlocks(finals, [first, second], new Map([[3, 'Матем.']]))[1]);
    const cell = (subject: string, label: string, pupil: number) =>
      table.columns.find((column) => column.group?.startsWith(subject) && column.label === label)?.cells[
        pupil
      ];
    expect(cell('Математика', 'I ч.', 0)).toBe('5');
    expect(cell('Математика', 'II ч.', 1)).toBe('4?');
    expect(cell('Математика', 'II ч.', 0)).toBe('—');
    expect(cell('Изобразительное искусство (без отметок)', 'I ч.', 0)).toBe('б/о');
    expect(table.columns.map((column) => column.groupShort)).toContain('Матем.');
    expect(table.columns.map((column) => column.groupShort)).toContain('Изобр. иск. (б/о)');
  });

  it('abbreviates a long subject name Russian style and ends a sentence in one full stop', () => {
    expect(abbreviate('Изобразительное искусство')).toBe('Изобр. иск.');
    expect(abbreviate('ОБЖ')).toBe('ОБЖ');
    expect(sentence('Уроки вели: Прохоров В. В.')).toBe('Уроки вели: Прохоров В. В.');
    expect(sentence('Уроки вели: уроков не было')).toBe('Уроки вели: уроков не было.');
  });
});

describe('the whole document of a class', () => {
  const target = {
    id: 5,
    number: 5,
    letter: 'А',
    managerSurname: 'Петрова',
    managerName: 'Ольга',
    managerPatronymic: 'Ивановна',
  };
  const document = classDocument({
    school: { name: 'Школа № 1', shortName: 'Школа 1' },
    chosen: year,
    target,
    builtBy: 'Сидоров Иван',
    today: '2025-12-01',
    terms: [first, second],
    year,
    finals,
    shortNames: new Map(),
    loads: [{ load, whole, teachers: ['Прохоров Виктор Викторович'] }],
  });

  it('opens with its cover: school, year, dates, class teacher, counts, who built it', () => {
    const [cover] = document.document.blocks;
    expect(cover).toEqual({
      kind: 'title',
      heading: 'Классный журнал 5А класса',
      lines: [
        'Школа № 1',
        '2025/2026 учебный год',
        '01.09.25–28.12.25',
        'Классный руководитель: Петрова Ольга Ивановна',
        'Учеников: 2, предметов: 2',
        'Сформирован 01.12.25, Сидоров Иван',
      ],
    });
    expect(document.title).toBe('Классный журнал 5А, 2025/2026 учебный год');
    expect(document.fileName).toBe('Журнал 5А 2025-2026.pdf');
    expect(document.document.footer).toBe('Школа 1 · Классный журнал 5А, 2025/2026 учебный год');
  });

  it('gives each load its teachers, a grid per term and its topics, then the totals and the summary', () => {
    const headings = document.document.blocks.flatMap((block) =>
      block.kind === 'heading' ? [block.text] : [],
    );
    expect(headings).toEqual([
      'Математика',
      'I четверть (01.09.25–26.10.25): оценки и посещаемость',
      'II четверть (05.11.25–28.12.25): оценки и посещаемость',
      'Математика: темы уроков и домашние задания',
      'Итоги посещаемости (уроков)',
      'Сводная ведомость итоговых оценок',
    ]);
    expect(document.document.blocks[2]).toEqual({
      kind: 'text',
      text: 'Учитель по нагрузке: Прохоров В. В. Уроки вели: Прохоров Виктор Викторович.',
    });
    const termGrid = grid(document.document.blocks[4]);
    expect(termGrid.rowLabels).toEqual(['1. Иванов Пётр', '2. Смирнова Анна Олеговна']);
    expect(termGrid.columns.map((column) => column.label)).toEqual(['02.09', 'Средний', 'Итог']);
    expect(termGrid.columns[0].cells).toEqual(['5', 'б']);
    expect(termGrid.columns[2].cells).toEqual(['5', '—']);
  });

  it('orders loads by subject, then subgroup', () => {
    const of = (subject_name: string, subgroup_name: string | null) =>
      ({ subject_name, subgroup_name }) as LoadItem;
    const sorted = [
      of('Физика', null),
      of('Английский язык', '2 группа'),
      of('Английский язык', '1 группа'),
    ].sort(byLoadOrder);
    expect(sorted.map((item) => `${item.subject_name} ${item.subgroup_name ?? ''}`.trim())).toEqual([
      'Английский язык 1 группа',
      'Английский язык 2 группа',
      'Физика',
    ]);
  });
});
