import { type SQL, sql } from 'drizzle-orm';

/**
 * SQL pieces of the timetable's tables (lessons, timetables, timetable_slots) that other modules
 * compose into their own queries: the timetable owns these tables, and a reader elsewhere spells
 * them only through here (table-owners.test.ts).
 */

/**
 * The room of each dated lesson of a range that has one. Lessons carry no room: a lesson is in the
 * room of the template slot it was made from (its timetable's template; class, load, subgroup,
 * weekday and lesson number) — for a lesson swapped by «Перенести», the slot of its own first hour.
 * Rows: lesson_id, room.
 */
export function lessonRoomsSql(organizationId: number, from: string, to: string): SQL {
  return sql`select l.id as lesson_id, s.room
          from lessons l
          join timetables t on t.id = l.timetable_id
          left join lessons p on p.id = l.swapped_with_id
          join timetable_slots s
            on s.template_id = t.template_id
           and s.class_id = l.class_id
           and s.load_id = l.load_id
           and s.subgroup_id is not distinct from l.subgroup_id
           and s.weekday = extract(isodow from l.date)::int
           and s.lesson_number = coalesce(p.lesson_number, l.lesson_number)
         where l.organization_id = ${organizationId}
           and l.date between ${from} and ${to}
           and s.room is not null and s.room <> ''`;
}

/**
 * The slots of each old template copied to its new one, each on the load line it became
 * (`templates`: JSON of {old_template, new_template}; `loads`: JSON of {old_load, new_load}).
 */
export function copyTemplateSlotsSql(templates: string, loads: string): SQL {
  return sql`
    insert into timetable_slots (organization_id, template_id, load_id, class_id, subgroup_id, weekday,
                                 lesson_number, room)
    select s.organization_id, t.new_template, nl.id, nl.class_id, nl.subgroup_id, s.weekday,
           s.lesson_number, s.room
      from json_to_recordset(${templates}::json) as t(old_template int, new_template int)
      join timetable_slots s on s.template_id = t.old_template
      join json_to_recordset(${loads}::json) as m(old_load int, new_load int) on m.old_load = s.load_id
      join loads nl on nl.id = m.new_load
     order by s.id`;
}

/**
 * `join lessons <alias> on <alias>.id = <lessonId>` (and `extra`, a condition on the lesson): the dated
 * lesson a row names (a mark, an attendance mark, a cell being saved).
 */
export function joinLesson(alias: string, lessonId: SQL, extra?: SQL): SQL {
  const l = sql.raw(alias);
  return extra
    ? sql`join lessons ${l} on ${l}.id = ${lessonId} and ${extra}`
    : sql`join lessons ${l} on ${l}.id = ${lessonId}`;
}

/** The ids of a load's held (not cancelled) lessons between two dates, as a subquery's select. */
export function heldLessonIdsOfLoad(loadId: SQL, from: SQL, to: SQL): SQL {
  return sql`select id from lessons
     where load_id = ${loadId} and date between ${from}::date and ${to}::date and status <> 'cancelled'`;
}

/** A load's held lessons between two dates as a JSON array (id, date, lesson_number, topic, homework). */
export function loadLessonsJson(loadId: SQL, from: SQL, to: SQL): SQL {
  return sql`(
        select coalesce(json_agg(json_build_object('id', l.id, 'date', l.date, 'lesson_number', l.lesson_number,
                                                   'topic', l.topic, 'homework', l.homework)
                                 order by l.date, l.lesson_number, l.id), '[]'::json)
          from lessons l
         where l.load_id = ${loadId} and l.date between ${from}::date and ${to}::date and l.status <> 'cancelled')`;
}

/** A class's held lessons between two dates. Rows: id, date, lesson_number, subgroup_id. */
export function classLessonsSql(classId: number, from: string, to: string): SQL {
  return sql`select id, date::text as date, lesson_number, subgroup_id from lessons
           where class_id = ${classId} and date between ${from} and ${to} and status <> 'cancelled'`;
}

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

/**
 * The homework of a school's lessons of `date` (not cancelled) per pupil of each lesson's class or
 * subgroup: its text and `files`, the count `fileCount` gives for the lesson (0 without it); a lesson
 * with neither is left out.
 */
export function homeworkOfDay(
  organizationId: number,
  date: string,
  fileCount: (lessonId: SQL) => SQL = () => sql`0`,
): SQL {
  const files = fileCount(sql`l.id`);
  return sql`select s.id as student_id, s.user_id, s.surname, s.name, sb.name as subject_name,
                nullif(trim(l.homework), '') as homework, ${files} as files
          from lessons l
          join subjects sb on sb.id = l.subject_id
          join students s on s.class_id = l.class_id and s.organization_id = l.organization_id
         where l.organization_id = ${organizationId} and l.date = ${date}::date and l.status <> 'cancelled'
           and (coalesce(trim(l.homework), '') <> '' or ${files} > 0) and s.status = 'active'
           and (l.subgroup_id is null or exists (
                 select 1 from subgroup_members m where m.subgroup_id = l.subgroup_id and m.student_id = s.id))
         order by s.surname, s.name, s.id, l.lesson_number`;
}
