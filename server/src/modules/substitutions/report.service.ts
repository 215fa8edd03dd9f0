import type { SubstitutionReport } from '@parta/shared/domain/contracts/substitutions';
import { formatDate } from '@parta/shared/domain/dates';
import { shortName } from '@parta/shared/domain/names';
import type { Database } from '../../db/client';
import { type ReportSheet, writeReportWorkbook } from '../../files/report-workbook';
import type { Actor } from '../../plugins/auth';
import { lessonStarted } from '../clock/clock.service';
import { reportFigures } from './report-figures';
import { findReportLessons, findUserNames } from './substitutions.repository';

/** GET /api/substitutions/report: the «журнал замены пропущенных уроков» of a range, summed per teacher. */
export async function substitutionReport(
  db: Database,
  actor: Actor,
  query: { from: string; to: string },
): Promise<SubstitutionReport> {
  const rows = await findReportLessons(
    db,
    actor.isPlatformAdmin ? null : actor.organizationIds,
    query.from,
    query.to,
  );
  const ids = new Set<number>();
  for (const row of rows) {
    ids.add(row.absent_id);
    if (row.status === 'replaced' && row.teacher_id !== null) ids.add(row.teacher_id);
  }
  const names = new Map((await findUserNames(db, [...ids])).map((user) => [user.id, shortName(user)]));
  const nameOf = (userId: number | null) => (userId === null ? null : (names.get(userId) ?? null));
  return reportFigures(
    rows,
    nameOf,
    // Paid for a lesson given: over by the school clock (a lesson without bell times: from the next day).
    (row) => lessonStarted(row.date, row.end_time ?? '24:00'),
    query,
  );
}

/** The report as .xlsx for the бухгалтерия: the journal of substitutions, then the sums per teacher. */
export function substitutionWorkbook(report: SubstitutionReport): Promise<Buffer> {
  const title = `Замещения уроков с ${formatDate(report.from)} по ${formatDate(report.to)}`;
  const journal: ReportSheet = {
    name: 'Журнал замен',
    columns: [
      { header: 'Дата', width: 10 },
      { header: 'Урок', width: 6 },
      { header: 'Класс', width: 7 },
      { header: 'Предмет', width: 24 },
      { header: 'Отсутствовал', width: 22 },
      { header: 'Заменил', width: 22 },
      { header: 'По специальности', width: 16 },
      { header: 'Часы', width: 6 },
      { header: 'Состоялся', width: 14 },
    ],
    rows: report.absent.flatMap((entry) =>
      entry.lessons.map((lesson) => [
        formatDate(lesson.date),
        lesson.lesson_number,
        lesson.group_name,
        lesson.subject_name,
        entry.teacher_name,
        lesson.status === 'cancelled' ? 'урок отменён' : lesson.other_teacher_name,
        lesson.status === 'cancelled' ? '' : lesson.specialty ? 'да' : 'нет',
        lesson.held ? 1 : 0,
        lesson.held ? 'да' : 'запланирован',
      ]),
    ),
  };
  const substitutes: ReportSheet = {
    name: 'Заменяющие',
    columns: [
      { header: 'Учитель', width: 24 },
      { header: 'Часов замещения', width: 16 },
      { header: 'Из них по специальности', width: 22 },
      { header: 'Запланировано', width: 14 },
    ],
    rows: [
      ...report.substitutes.map((entry) => [
        entry.teacher_name,
        entry.hours,
        entry.specialty_hours,
        entry.planned_hours,
      ]),
      [
        'Итого',
        report.totals.substituted_hours,
        report.totals.specialty_hours,
        report.totals.planned_substituted_hours,
      ],
    ],
  };
  const absent: ReportSheet = {
    name: 'Отсутствовавшие',
    columns: [
      { header: 'Учитель', width: 24 },
      { header: 'Пропущено часов', width: 16 },
      { header: 'Из них отменено', width: 16 },
      { header: 'Запланировано', width: 14 },
    ],
    rows: [
      ...report.absent.map((entry) => [
        entry.teacher_name,
        entry.hours,
        entry.cancelled_hours,
        entry.planned_hours,
      ]),
      [
        'Итого',
        report.totals.missed_hours,
        report.totals.cancelled_hours,
        report.totals.planned_missed_hours,
      ],
    ],
  };
  return writeReportWorkbook(title, [journal, substitutes, absent]);
}
