import {
  type AcademicPerformanceReport,
  CLASSIFICATION_KINDS,
  CLASSIFICATION_LABELS,
  type ClassificationReport,
  type JournalCompletionReport,
} from '@parta/shared/domain/contracts/reports';
import { formatDate } from '@parta/shared/domain/dates';
import { reportBasisLabel } from '@parta/shared/domain/reports';
import { type ReportSheet, writeReportWorkbook } from '../../files/report-workbook';
import type { Counts } from './performance-figures';

/** The three reports as .xlsx: the screen's tables, one sheet each, in the screen's order. */

const percentColumns = [
  { header: '% успеваемости', width: 16 },
  { header: '% качества', width: 12 },
  { header: 'СОУ, %', width: 10 },
  { header: 'Средний балл', width: 14 },
];
const percentCells = (row: {
  success: number | null;
  quality: number | null;
  sou: number | null;
  average: number | null;
}) => [row.success, row.quality, row.sou, row.average];

export function classificationWorkbook(report: ClassificationReport) {
  const sheets: ReportSheet[] = [
    {
      name: 'Классификация',
      // The screen's order: the figures a завуч reads first come right after the class.
      columns: [
        { header: 'Класс', width: 16 },
        ...percentColumns,
        { header: 'Учеников', width: 10 },
        { header: 'N (без освобождённых, без отметок и без оценки)', width: 16 },
        ...CLASSIFICATION_KINDS.map((kind) => ({ header: CLASSIFICATION_LABELS[kind], width: 14 })),
      ],
      rows: report.rows.map((row) =>
        row.without_marks
          ? [row.name, 'без отметок', null, null, null, row.students, 'без отметок']
          : [
              row.name,
              ...percentCells(row),
              row.students,
              row.total,
              ...CLASSIFICATION_KINDS.map((kind) => row.counts[kind]),
            ],
      ),
    },
    {
      name: 'Ученики',
      columns: [
        { header: 'Класс', width: 10 },
        { header: 'Группа', width: 30 },
        { header: 'Ученик', width: 36 },
      ],
      rows: report.rows
        .filter((row) => row.level === 'class')
        .flatMap((row) =>
          CLASSIFICATION_KINDS.flatMap((kind) =>
            row.names[kind].map((student) => [row.name, CLASSIFICATION_LABELS[kind], student.name]),
          ),
        ),
    },
  ];
  return writeReportWorkbook(
    `Классификация, ${report.period.name}, ${reportBasisLabel(report.basis, report.as_of)}`,
    sheets,
  );
}

const countColumns = [
  { header: 'N', width: 6 },
  { header: '«5»', width: 6 },
  { header: '«4»', width: 6 },
  { header: '«3»', width: 6 },
  { header: '«2»', width: 6 },
  { header: 'н/а', width: 6 },
  { header: 'без оценки', width: 10 },
  { header: 'осв.', width: 6 },
];
const countCells = (row: Counts) => [
  row.total,
  row.n5,
  row.n4,
  row.n3,
  row.n2,
  row.na,
  row.without_mark,
  row.exempt,
];

export function performanceWorkbook(report: AcademicPerformanceReport) {
  return writeReportWorkbook(
    `Академическая успеваемость, ${report.period.name}, ${reportBasisLabel(report.basis, report.as_of)}`,
    [
      {
        name: 'Классы и предметы',
        columns: [
          { header: 'Класс', width: 8 },
          { header: 'Предмет', width: 28 },
          { header: 'Учитель', width: 28 },
          ...countColumns,
          ...percentColumns,
        ],
        rows: report.rows.map((row) => [
          row.group_name,
          row.subject_name,
          row.teacher_name,
          ...(row.without_marks ? ['без отметок'] : [...countCells(row), ...percentCells(row)]),
        ]),
      },
      {
        name: 'Предметы',
        columns: [{ header: 'Предмет', width: 28 }, ...countColumns, ...percentColumns],
        // The last row is the whole report: the same figures as the classification's marks by subject.
        rows: [
          ...report.subjects.map((row) => [row.subject_name, ...countCells(row), ...percentCells(row)]),
          ['Всего', ...countCells(report.school), ...percentCells(report.school)],
        ],
      },
      {
        name: 'Учителя',
        columns: [{ header: 'Учитель', width: 28 }, ...countColumns, ...percentColumns],
        rows: report.teachers.map((row) => [row.teacher_name, ...countCells(row), ...percentCells(row)]),
      },
    ],
  );
}

const MISSING_LABELS = { topic: 'тема', homework: 'д/з', marks: 'оценки' } as const;
const share = (part: number, whole: number) => (whole === 0 ? null : Math.round((part * 1000) / whole) / 10);

export function completionWorkbook(report: JournalCompletionReport) {
  return writeReportWorkbook(
    `Заполняемость журнала ${formatDate(report.from)}–${formatDate(report.to)}; уроков с пропусками: ${report.gaps_total}`,
    [
      {
        name: 'Заполняемость',
        columns: [
          { header: 'Учитель', width: 26 },
          { header: 'Класс', width: 8 },
          { header: 'Предмет', width: 26 },
          { header: 'Проведено уроков', width: 12 },
          { header: 'С темой', width: 10 },
          { header: '% с темой', width: 10 },
          { header: 'С д/з', width: 10 },
          { header: '% с д/з', width: 10 },
          { header: 'С оценками', width: 10 },
          { header: '% с оценками', width: 10 },
          { header: 'КТП: часов по плану', width: 12 },
          { header: 'КТП: дано', width: 10 },
          { header: 'Учеников', width: 10 },
          { header: 'Оценок', width: 10 },
          { header: 'Минимум на ученика', width: 12 },
          { header: 'Ниже минимума', width: 12 },
        ],
        rows: report.rows.map((row) => [
          row.teacher_name,
          row.group_name,
          row.subject_name,
          row.held,
          row.with_topic,
          share(row.with_topic, row.held),
          row.with_homework,
          share(row.with_homework, row.held),
          row.with_marks,
          row.without_marks ? 'без отметок' : share(row.with_marks, row.held),
          row.ktp_planned_hours,
          row.ktp_given_hours,
          row.students,
          row.marks,
          row.without_marks ? 'без отметок' : row.minimum_marks,
          row.students_below_minimum,
        ]),
      },
      {
        name: 'Пропуски',
        columns: [
          { header: 'Дата', width: 10 },
          { header: 'Урок', width: 6 },
          { header: 'Класс', width: 8 },
          { header: 'Предмет', width: 26 },
          { header: 'Учитель', width: 26 },
          { header: 'Не заполнено', width: 24 },
        ],
        rows: report.gaps.map((gap) => [
          formatDate(gap.date),
          gap.lesson_number,
          gap.group_name,
          gap.subject_name,
          gap.teacher_name,
          gap.missing.map((item) => MISSING_LABELS[item]).join(', '),
        ]),
      },
    ],
  );
}
