import { type SQL, sql } from 'drizzle-orm';

/*
 * SQL pieces of the dated lessons (the timetable module's `lessons`) that other modules' repositories
 * run or compose into their statements (the notices of a change, the homework digest). A piece runs
 * nothing itself.
 */

/** A dated lesson with its class, subject, date, number, status and its teacher and original teacher's names (json). */
export function changedLesson(lessonId: number): SQL {
  return sql`select l.organization_id, l.class_id, l.load_id, l.subgroup_id, c.number as grade, c.letter,
               sb.name as subject_name, l.date::text as date, l.lesson_number, l.status, l.teacher_id,
               case when t.id is null then null
                    else json_build_object('surname', t.surname, 'name', t.name, 'patronymic', t.patronymic) end as teacher,
               case when o.id is null then null
                    else json_build_object('surname', o.surname, 'name', o.name, 'patronymic', o.patronymic) end as original
          from lessons l
          join classes c on c.id = l.class_id
          join subjects sb on sb.id = l.subject_id
          left join users t on t.id = l.teacher_id
          left join users o on o.id = l.original_teacher_id
         where l.id = ${lessonId}`;
}

/** The homework of a school's lessons of `date` (not cancelled) per pupil of each lesson's class or subgroup. */
export function homeworkOfDay(organizationId: number, date: string): SQL {
  return sql`select s.id as student_id, s.user_id, s.surname, s.name, sb.name as subject_name, trim(l.homework) as homework
          from lessons l
          join subjects sb on sb.id = l.subject_id
          join students s on s.class_id = l.class_id and s.organization_id = l.organization_id
         where l.organization_id = ${organizationId} and l.date = ${date}::date and l.status <> 'cancelled'
           and coalesce(trim(l.homework), '') <> '' and s.status = 'active'
           and (l.subgroup_id is null or exists (
                 select 1 from subgroup_members m where m.subgroup_id = l.subgroup_id and m.student_id = s.id))
         order by s.surname, s.name, s.id, l.lesson_number`;
}
