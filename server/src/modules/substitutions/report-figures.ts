import type { SubstitutionReport } from '@parta/shared/domain/contracts/substitutions';
import { groupName } from '@parta/shared/domain/names';
import type { ReportLessonRow } from './substitutions.repository';

/**
 * The «журнал замены пропущенных уроков» summed per teacher: who substituted how many hours (by
 * specialty, planned), who missed how many (cancelled, planned), and the totals. Pure: report.service.ts
 * reads the rows, the names and the school clock (`held`); tested without a database
 * (report-figures.test.ts).
 */
export function reportFigures(
  rows: readonly ReportLessonRow[],
  nameOf: (userId: number | null) => string | null,
  held: (row: ReportLessonRow) => boolean,
  query: { from: string; to: string },
): SubstitutionReport {
  const base = (row: ReportLessonRow, other: number | null) => ({
    lesson_id: row.lesson_id,
    date: row.date,
    lesson_number: row.lesson_number,
    group_name: groupName(row),
    subject_name: row.subject_name,
    other_teacher_name: nameOf(other),
    specialty: row.specialty,
    status: row.status,
  });
  const substitutes = new Map<number, SubstitutionReport['substitutes'][number]>();
  const absent = new Map<number, SubstitutionReport['absent'][number]>();
  for (const row of rows) {
    const given = held(row);
    if (row.status === 'replaced' && row.teacher_id !== null) {
      const entry = substitutes.get(row.teacher_id) ?? {
        teacher_id: row.teacher_id,
        teacher_name: nameOf(row.teacher_id) ?? '',
        hours: 0,
        specialty_hours: 0,
        planned_hours: 0,
        lessons: [],
      };
      if (!given) entry.planned_hours += 1;
      else {
        entry.hours += 1;
        if (row.specialty) entry.specialty_hours += 1;
      }
      entry.lessons.push({ ...base(row, row.absent_id), held: given });
      substitutes.set(row.teacher_id, entry);
    }
    const missed = absent.get(row.absent_id) ?? {
      teacher_id: row.absent_id,
      teacher_name: nameOf(row.absent_id) ?? '',
      hours: 0,
      cancelled_hours: 0,
      planned_hours: 0,
      lessons: [],
    };
    if (!given) missed.planned_hours += 1;
    else {
      missed.hours += 1;
      if (row.status === 'cancelled') missed.cancelled_hours += 1;
    }
    missed.lessons.push({ ...base(row, row.status === 'replaced' ? row.teacher_id : null), held: given });
    absent.set(row.absent_id, missed);
  }
  const byName = <T extends { teacher_name: string }>(a: T, b: T) =>
    a.teacher_name.localeCompare(b.teacher_name, 'ru');
  const substituteList = [...substitutes.values()].sort(byName);
  const absentList = [...absent.values()].sort(byName);
  const sum = <T>(list: T[], of: (entry: T) => number) => list.reduce((total, entry) => total + of(entry), 0);
  return {
    from: query.from,
    to: query.to,
    substitutes: substituteList,
    absent: absentList,
    totals: {
      substituted_hours: sum(substituteList, (entry) => entry.hours),
      specialty_hours: sum(substituteList, (entry) => entry.specialty_hours),
      cancelled_hours: sum(absentList, (entry) => entry.cancelled_hours),
      missed_hours: sum(absentList, (entry) => entry.hours),
      planned_substituted_hours: sum(substituteList, (entry) => entry.planned_hours),
      planned_missed_hours: sum(absentList, (entry) => entry.planned_hours),
    },
  };
}
