import type { CourseJournal } from '@parta/shared/domain/contracts/extracurricular';
import type { Period } from '@parta/shared/domain/contracts/timetable';
import { formatDate } from '@parta/shared/domain/dates';
import { courseTeachersText, PRESENCE_TEXT, presenceOf } from '@parta/shared/domain/extracurricular';
import type { ArchiveBlock, ArchiveDocument, GridColumn } from '../../files/archive-pdf';
import { dayMonth, sentence } from './archive-document';

/**
 * The archive's document of one course of внеурочная деятельность (issue 51), computed without a
 * database, beside the class journals in the register: its cover (direction, teacher, hours, pupils),
 * the attendance of its sessions (pupils × sessions with «✓», «н», «у» and, for a course with зачёт,
 * «зач»/«н/з»; how many were attended and missed) and the topics of its sessions.
 */

export interface CourseDocumentInput {
  school: { name: string; shortName: string };
  /** The period archived: a closed term, or the academic year. */
  chosen: Period;
  /** The course's journal over the covered dates (`from`–`to`). */
  journal: CourseJournal;
  from: string;
  to: string;
  builtBy: string | null;
  /** The school's today: the date on the cover. */
  today: string;
}

/** What a pupil's cell prints: presence, and for a course with зачёт the зачёт instead of «✓». */
function cellText(journal: CourseJournal, cell: CourseJournal['cells'][number] | undefined): string {
  const presence = presenceOf(cell);
  if (
    journal.course.pass_fail &&
    presence === 'present' &&
    cell?.passed !== null &&
    cell?.passed !== undefined
  )
    return cell.passed ? 'зач' : 'н/з';
  return PRESENCE_TEXT[presence];
}

/** A name as a file may carry it: no characters a file system or a download refuses. */
const fileSafe = (name: string) =>
  name
    .replace(/[\\/:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

export function courseDocument(input: CourseDocumentInput): {
  document: ArchiveDocument;
  title: string;
  fileName: string;
} {
  const { school, chosen, journal, from, to, builtBy, today } = input;
  const { course, sessions, students } = journal;
  const cellOf = new Map(journal.cells.map((cell) => [`${cell.student_id}|${cell.session_id}`, cell]));
  const yearText = `${chosen.academic_year} учебный год`;
  const periodText = chosen.kind === 'year' ? yearText : `${chosen.name}, ${yearText}`;
  const blocks: ArchiveBlock[] = [
    {
      kind: 'title',
      heading: `Журнал внеурочной деятельности «${course.name}»`,
      lines: [
        school.name,
        periodText,
        `${formatDate(from)}–${formatDate(to)}`,
        `Направление: ${course.direction}`,
        `${course.co_teachers.length > 0 ? 'Учителя' : 'Учитель'}: ${courseTeachersText(course) ?? 'не назначен'}`,
        `Часов в неделю: ${course.hours_per_week}${course.pass_fail ? ', с зачётом' : ''}`,
        `Учеников: ${students.length}, занятий: ${sessions.length}`,
        `Сформирован ${formatDate(today)}${builtBy ? `, ${builtBy}` : ''}`,
      ],
    },
    { kind: 'heading', text: 'Посещаемость занятий', newPage: true },
  ];
  if (sessions.length === 0 || students.length === 0) {
    blocks.push({
      kind: 'text',
      text: sessions.length === 0 ? 'Занятий в этом периоде не было.' : 'В курсе нет учеников.',
    });
  } else {
    const columns: GridColumn[] = sessions.map((session) => ({
      label: dayMonth(session.date),
      width: 24,
      cells: students.map((student) => cellText(journal, cellOf.get(`${student.id}|${session.id}`))),
    }));
    const count = (studentId: number, wanted: (presence: ReturnType<typeof presenceOf>) => boolean) =>
      String(
        sessions.filter((session) => wanted(presenceOf(cellOf.get(`${studentId}|${session.id}`)))).length,
      );
    columns.push(
      {
        label: 'Был',
        width: 36,
        cells: students.map((student) => count(student.id, (presence) => presence === 'present')),
      },
      {
        label: 'Пропустил',
        width: 52,
        cells: students.map((student) =>
          count(student.id, (presence) => presence === 'absent' || presence === 'excused'),
        ),
      },
    );
    blocks.push({
      kind: 'grid',
      rowHeader: 'Ученик',
      rowLabels: students.map(
        (student, index) =>
          `${index + 1}. ${student.name}${student.group_name ? ` (${student.group_name})` : ''}`,
      ),
      columns,
      note: sentence(
        `✓ — был, н — не был, у — не был по уважительной причине${course.pass_fail ? ', зач — зачёт, н/з — незачёт' : ''}`,
      ),
    });
    blocks.push({ kind: 'heading', text: `${course.name}: темы занятий` });
    blocks.push({
      kind: 'list',
      columns: [
        { label: '№', width: 28 },
        { label: 'Дата', width: 56 },
        { label: 'Время', width: 72 },
        { label: 'Место', width: 120 },
        { label: 'Тема занятия', width: 510 },
      ],
      rows: sessions.map((session, index) => [
        String(index + 1),
        formatDate(session.date),
        session.start_time && session.end_time
          ? `${session.start_time.slice(0, 5)}–${session.end_time.slice(0, 5)}`
          : '',
        session.room ?? '',
        session.topic ?? '',
      ]),
    });
  }
  const title = `Журнал внеурочной деятельности «${course.name}», ${periodText}`;
  const yearName = chosen.academic_year.replace('/', '-');
  return {
    document: { title, footer: `${school.shortName} · ${title}`, blocks },
    title,
    fileName: `Внеурочная ${fileSafe(course.name)} ${yearName}${chosen.kind === 'year' ? '' : ` ${chosen.name}`}.pdf`,
  };
}
