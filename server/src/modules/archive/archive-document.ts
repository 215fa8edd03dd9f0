import type { FinalGrid, JournalGrid } from '@parta/shared/domain/contracts/journal';
import type { LoadItem, Period } from '@parta/shared/domain/contracts/timetable';
import { formatDate } from '@parta/shared/domain/dates';
import {
  FINAL_MARK_LEGEND,
  finalMarkState,
  finalMarkText,
  formatAverage,
  formatCell,
  weightedAverage,
  weightedGrades,
} from '@parta/shared/domain/marks';
import { fullName, groupName } from '@parta/shared/domain/names';
import type { ArchiveBlock, ArchiveDocument, GridColumn } from '../../files/archive-pdf';

/**
 * The archive's document of one class (issue 40), computed without a database: which periods it
 * covers, its cover, the pages of each load (grids with «Средний» and «Итог», topics and homework),
 * the attendance totals and the summary of final marks. archive-build.ts reads the journal through
 * its services and hands the answers here; files/archive-pdf.ts lays the blocks out.
 */

export interface ArchiveClass {
  id: number;
  number: number;
  letter: string;
  managerSurname: string | null;
  managerName: string | null;
  managerPatronymic: string | null;
}

/** «I ч.», «2 п/г», «Год»: a period's name short enough for a column of the summary. */
export function shortPeriodName(period: Period): string {
  if (period.kind === 'year') return 'Год';
  const number = /^\s*([IVX]+|\d+)\b/.exec(period.name)?.[1];
  const kind = { quarter: 'ч.', trimester: 'тр.', half: 'п/г' }[period.kind];
  return number ? `${number} ${kind}` : period.name;
}

/** «05.11» of a date: a grid column's label. */
export const dayMonth = (date: string) => formatDate(date).slice(0, 5);

/** A sentence ending in one full stop: «Прохоров В. В.» ends in one already («В. В..» otherwise). */
export const sentence = (text: string) => (text.endsWith('.') ? text : `${text}.`);

/**
 * The periods the document covers: the year's terms of the class's grade begun by `today` (a
 * mid-year archive prints no empty grids of terms to come) and the year, or one closed term.
 */
export function periodsOfClass(all: Period[], chosen: Period, grade: number, today: string) {
  if (chosen.kind !== 'year') return { terms: [chosen], year: null };
  const terms = all
    .filter(
      (period) =>
        period.kind !== 'year' &&
        period.academic_year === chosen.academic_year &&
        period.grades.includes(grade) &&
        period.start_date <= today,
    )
    .sort((a, b) => a.start_date.localeCompare(b.start_date));
  return { terms, year: chosen };
}

function loadTitle(load: LoadItem) {
  return load.subgroup_name ? `${load.subject_name} (${load.subgroup_name})` : load.subject_name;
}

/** One load's pages: per term the grid with «Средний» and «Итог», then the lessons' topics and homework. */
export function loadBlocks(
  load: LoadItem,
  grids: { term: Period; grid: JournalGrid }[],
  finals: FinalGrid,
  teachers: string[],
  withoutMarks: boolean,
): ArchiveBlock[] {
  const proposals = new Map(
    finals.proposals.map((mark) => [`${mark.student_id}|${mark.subject_id}|${mark.period_id}`, mark.value]),
  );
  const blocks: ArchiveBlock[] = [
    { kind: 'heading', text: loadTitle(load), newPage: true },
    {
      kind: 'text',
      text: [
        sentence(`Учитель по нагрузке: ${load.teacher_name ?? 'не назначен'}`),
        sentence(`Уроки вели: ${teachers.length > 0 ? teachers.join(', ') : 'уроков не было'}`),
        withoutMarks ? 'Предмет ведётся без отметок: в журнале только посещаемость.' : '',
      ]
        .filter(Boolean)
        .join(' '),
    },
  ];
  for (const { term, grid } of grids) {
    blocks.push({
      kind: 'heading',
      text: `${term.name} (${formatDate(term.start_date)}–${formatDate(term.end_date)}): оценки и посещаемость`,
    });
    if (grid.lessons.length === 0) {
      blocks.push({ kind: 'text', text: 'Уроков в этом периоде не было.' });
      continue;
    }
    const cellOf = new Map(grid.cells.map((cell) => [`${cell.student_id}|${cell.lesson_id}`, cell]));
    const confirmed = new Map(grid.final_marks.map((mark) => [mark.student_id, mark.value]));
    const columns: GridColumn[] = grid.lessons.map((lesson) => ({
      label: dayMonth(lesson.date),
      width: 21,
      cells: grid.students.map((student) => {
        const cell = cellOf.get(`${student.id}|${lesson.id}`);
        return cell ? formatCell(cell) : '';
      }),
    }));
    columns.push({
      label: 'Средний',
      width: 40,
      cells: grid.students.map((student) =>
        formatAverage(
          weightedAverage(
            weightedGrades(
              grid.cells.filter((cell) => cell.student_id === student.id),
              grid.work_types,
            ),
          ),
        ),
      ),
    });
    columns.push({
      label: 'Итог',
      width: 28,
      cells: grid.students.map((student) =>
        finalMarkText(
          finalMarkState(
            confirmed.get(student.id),
            proposals.get(`${student.id}|${load.subject_id}|${term.id}`),
            term.closed,
          ),
        ),
      ),
    });
    blocks.push({
      kind: 'grid',
      rowHeader: 'Ученик',
      rowLabels: grid.students.map((student, index) => `${index + 1}. ${fullName(student)}`),
      columns,
    });
  }
  const lessons = grids.flatMap(({ grid }) => grid.lessons);
  if (lessons.length > 0) {
    blocks.push({ kind: 'heading', text: `${loadTitle(load)}: темы уроков и домашние задания` });
    blocks.push({
      kind: 'list',
      columns: [
        { label: '№', width: 28 },
        { label: 'Дата', width: 48 },
        { label: 'Урок', width: 32 },
        { label: 'Тема урока', width: 360 },
        { label: 'Домашнее задание', width: 318 },
      ],
      rows: lessons.map((lesson, index) => [
        String(index + 1),
        formatDate(lesson.date),
        `${lesson.lesson_number}-й`,
        lesson.topic ?? '',
        lesson.homework ?? '',
      ]),
    });
  }
  return blocks;
}

/** «Итоги посещаемости»: per pupil and term, lessons missed and of them through illness. */
export function attendanceBlocks(
  finals: FinalGrid,
  terms: Period[],
  grids: { term: Period; grid: JournalGrid }[],
) {
  const counts = new Map<string, { missed: number; ill: number }>();
  const add = (key: string, value: string) => {
    const entry = counts.get(key) ?? { missed: 0, ill: 0 };
    entry.missed += 1;
    if (value === 'б') entry.ill += 1;
    counts.set(key, entry);
  };
  for (const { term, grid } of grids)
    for (const cell of grid.cells) {
      if (!cell.attendance) continue;
      add(`${cell.student_id}|${term.id}`, cell.attendance);
      add(`${cell.student_id}|all`, cell.attendance);
    }
  const columns: GridColumn[] = [];
  const groups = [
    ...terms.map((term) => ({ key: String(term.id), name: term.name })),
    { key: 'all', name: 'Всего' },
  ];
  for (const group of groups) {
    for (const [label, field] of [
      ['пропущено', 'missed'],
      ['по болезни', 'ill'],
    ] as const) {
      columns.push({
        label,
        group: group.name,
        width: 48,
        cells: finals.students.map((student) =>
          String(counts.get(`${student.id}|${group.key}`)?.[field] ?? 0),
        ),
      });
    }
  }
  return [
    { kind: 'heading', text: 'Итоги посещаемости (уроков)', newPage: true },
    {
      kind: 'grid',
      rowHeader: 'Ученик',
      rowLabels: finals.students.map((student, index) => `${index + 1}. ${fullName(student)}`),
      columns,
    },
  ] satisfies ArchiveBlock[];
}

/** «Сводная ведомость итоговых оценок»: pupils × subjects × periods and the year, as confirmed. */
const VOWELS = new Set('аеёиоуыэюяАЕЁИОУЫЭЮЯ');

/**
 * A subject's abbreviation when the school gave it no short name: each long word cut after the
 * consonant before a vowel, Russian style («Изобразительное искусство» → «Изобр. иск.»).
 */
export function abbreviate(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => {
      const letters = [...word];
      if (letters.length <= 5 || !/^[а-яё]/i.test(word)) return word;
      let end = 3;
      while (end < letters.length - 1 && !(VOWELS.has(letters[end]) && !VOWELS.has(letters[end - 1]))) end++;
      return end >= letters.length - 1 ? word : `${letters.slice(0, end).join('')}.`;
    })
    .join(' ');
}

/**
 * «Сводная ведомость»: pupils × subjects × periods. A subject heads its periods' columns; where its
 * name does not fit them (a term's archive: one column a subject) the layout prints its short name
 * and lists it in the legend under the grid.
 */
export function summaryBlocks(
  finals: FinalGrid,
  periods: Period[],
  shortNames: Map<number, string | null>,
): ArchiveBlock[] {
  const confirmed = new Map(
    finals.marks.map((mark) => [`${mark.student_id}|${mark.subject_id}|${mark.period_id}`, mark.value]),
  );
  const proposed = new Map(
    finals.proposals.map((mark) => [`${mark.student_id}|${mark.subject_id}|${mark.period_id}`, mark.value]),
  );
  const columns: GridColumn[] = [];
  // A term's summary has one column a subject: a wider one, so that its short name reads whole.
  const width = periods.length === 1 ? 36 : 26;
  for (const subject of finals.subjects) {
    for (const period of periods) {
      columns.push({
        label: shortPeriodName(period),
        group: subject.without_marks ? `${subject.name} (без отметок)` : subject.name,
        groupShort: `${shortNames.get(subject.id) || abbreviate(subject.name)}${subject.without_marks ? ' (б/о)' : ''}`,
        width,
        cells: finals.students.map((student) => {
          const key = `${student.id}|${subject.id}|${period.id}`;
          const state = finalMarkState(confirmed.get(key), proposed.get(key), period.closed);
          return state.kind === 'none' && subject.without_marks ? 'б/о' : finalMarkText(state);
        }),
      });
    }
  }
  return [
    { kind: 'heading', text: 'Сводная ведомость итоговых оценок', newPage: true },
    {
      kind: 'grid',
      rowHeader: 'Ученик',
      rowLabels: finals.students.map((student, index) => `${index + 1}. ${fullName(student)}`),
      columns,
      note: `${FINAL_MARK_LEGEND} «б/о» — предмет ведётся без отметок; «осв» — освобождён; «Н/А» — не аттестован.`,
    },
  ];
}

/** The part of a load's grid that falls in one term, with the term's confirmed final marks. */
export function termOf(grid: JournalGrid, term: Period, finals: FinalGrid): JournalGrid {
  const lessons = grid.lessons.filter(
    (lesson) => lesson.date >= term.start_date && lesson.date <= term.end_date,
  );
  const held = new Set(lessons.map((lesson) => lesson.id));
  return {
    ...grid,
    period: term,
    lessons,
    cells: grid.cells.filter((cell) => held.has(cell.lesson_id)),
    final_marks: finals.marks
      .filter((mark) => mark.period_id === term.id && mark.subject_id === grid.load.subject_id)
      .map((mark) => ({ student_id: mark.student_id, value: mark.value })),
  };
}

/** What one class's document is made of, as read by the build. */
export interface ClassDocumentInput {
  school: { name: string; shortName: string };
  /** The period archived: a closed term, or the academic year. */
  chosen: Period;
  target: ArchiveClass;
  builtBy: string | null;
  /** The school's today: the date on the cover. */
  today: string;
  /** The terms the document covers and the year (when the year is archived): `periodsOfClass`. */
  terms: Period[];
  year: Period | null;
  finals: FinalGrid;
  shortNames: Map<number, string | null>;
  /** The class's loads in the document's order, each with its journal of the whole period and who taught it. */
  loads: { load: LoadItem; whole: JournalGrid; teachers: string[] }[];
}

/** A load's order in the document: by subject, then subgroup, Russian collation. */
export function byLoadOrder(a: LoadItem, b: LoadItem): number {
  return (
    a.subject_name.localeCompare(b.subject_name, 'ru') ||
    (a.subgroup_name ?? '').localeCompare(b.subgroup_name ?? '', 'ru')
  );
}

/** The dates the document covers: from its first term's start to its last term's end. */
export function coveredDates(chosen: Period, terms: Period[]) {
  return { from: terms[0]?.start_date ?? chosen.start_date, to: terms.at(-1)?.end_date ?? chosen.end_date };
}

/** Everything the archive keeps of one class for the period: the document, its title and file name. */
export function classDocument(input: ClassDocumentInput): {
  document: ArchiveDocument;
  title: string;
  fileName: string;
} {
  const { school, chosen, target, builtBy, today, terms, year, finals, shortNames } = input;
  const group = groupName(target);
  const { from, to } = coveredDates(chosen, terms);
  const withoutMarks = new Map(finals.subjects.map((subject) => [subject.id, subject.without_marks]));
  const allGrids: { term: Period; grid: JournalGrid }[] = [];
  const loadSections: ArchiveBlock[] = [];
  for (const { load, whole, teachers } of input.loads) {
    // One read of the load's whole period, cut into its terms here.
    const grids = terms.map((term) => ({ term, grid: termOf(whole, term, finals) }));
    allGrids.push(...grids);
    loadSections.push(
      ...loadBlocks(load, grids, finals, teachers, withoutMarks.get(load.subject_id) ?? false),
    );
  }
  const yearText = `${chosen.academic_year} учебный год`;
  const periodText = chosen.kind === 'year' ? yearText : `${chosen.name}, ${yearText}`;
  const blocks: ArchiveBlock[] = [
    {
      kind: 'title',
      heading: `Классный журнал ${group} класса`,
      lines: [
        school.name,
        periodText,
        `${formatDate(from)}–${formatDate(to)}`,
        `Классный руководитель: ${fullName({ surname: target.managerSurname ?? '', name: target.managerName ?? '', patronymic: target.managerPatronymic }) || 'не назначен'}`,
        `Учеников: ${finals.students.length}, предметов: ${finals.subjects.length}`,
        `Сформирован ${formatDate(today)}${builtBy ? `, ${builtBy}` : ''}`,
      ],
    },
    ...loadSections,
    ...attendanceBlocks(finals, terms, allGrids),
    ...summaryBlocks(finals, year ? [...terms, year] : terms, shortNames),
  ];
  const title = `Классный журнал ${group}, ${periodText}`;
  const yearName = chosen.academic_year.replace('/', '-');
  return {
    document: { title, footer: `${school.shortName} · ${title}`, blocks },
    title,
    fileName: `Журнал ${group} ${yearName}${chosen.kind === 'year' ? '' : ` ${chosen.name}`}.pdf`,
  };
}
