import type { NotificationCategory } from '@parta/shared/domain/contracts/notifications';
import { and, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { emailDeliveries, notificationEmails, notificationPreferences, notifications } from '../../db/schema';

const ISO = (column: unknown) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

const listed = {
  id: notifications.id,
  category: notifications.category,
  title: notifications.title,
  body: notifications.body,
  link: notifications.link,
  created_at: ISO(notifications.createdAt),
  updated_at: ISO(notifications.updatedAt),
  read_at: sql<
    string | null
  >`case when ${notifications.readAt} is null then null else ${ISO(notifications.readAt)} end`,
};

/** A user's notifications, the latest changed first. */
export function findOwn(db: Database, userId: number, limit: number) {
  return db
    .select(listed)
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.updatedAt), desc(notifications.id))
    .limit(limit);
}

export async function countUnread(db: Database, userId: number) {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.unread ?? 0);
}

/** Marks one of the user's notifications read; answers whether it is theirs. */
export async function markRead(db: Database, userId: number, id: number) {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllRead(db: Database, userId: number) {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}

export async function findOne(db: Database, userId: number, id: number) {
  const [row] = await db
    .select(listed)
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  return row;
}

export interface NotificationWrite {
  organizationId: number;
  userId: number;
  category: NotificationCategory;
  title: string;
  body: string;
  link: string | null;
  dedupeKey: string;
}

/**
 * Writes a notification or, when the user already has one with its dedupe key, updates that one —
 * made unread again only when what it says changed (a job run twice changes nothing).
 */
export async function upsertNotification(db: Database, write: NotificationWrite) {
  await db
    .insert(notifications)
    .values(write)
    .onConflictDoUpdate({
      target: [notifications.userId, notifications.dedupeKey],
      set: {
        title: sql`excluded.title`,
        body: sql`excluded.body`,
        link: sql`excluded.link`,
        updatedAt: sql`now()`,
        readAt: null,
      },
      setWhere: sql`(${notifications.title}, ${notifications.body}) is distinct from (excluded.title, excluded.body)`,
    });
}

/** Removes notifications created more than `days` days ago. */
export async function deleteOlderThan(db: Database, days: number) {
  await db
    .delete(notifications)
    .where(lt(notifications.createdAt, sql`now() - make_interval(days => ${days})`));
}

/** A lesson's day, school and the pupil it is about (null: no such lesson or pupil). */
export async function findAbsenceSubject(db: Database, lessonId: number, studentId: number) {
  const [row] = await rowsOf<{
    organization_id: number;
    date: string;
    surname: string;
    name: string;
  }>(
    db,
    sql`select l.organization_id, l.date::text as date, s.surname, s.name
          from lessons l join students s on s.id = ${studentId} and s.organization_id = l.organization_id
         where l.id = ${lessonId}`,
  );
  return row;
}

/**
 * A pupil's absences of one day in one school, entered at least `windowMinutes` ago (a newer one
 * is still inside its correction window: its own job tells of it), with who entered each.
 */
export function findAbsencesOfDay(
  db: Database,
  organizationId: number,
  studentId: number,
  date: string,
  windowMinutes: number,
) {
  return rowsOf<{ lesson_number: number; subject_name: string; value: 'н' | 'б'; created_by: number | null }>(
    db,
    sql`select l.lesson_number, sb.name as subject_name, a.value, a.created_by
          from attendance a
          join lessons l on l.id = a.lesson_id
          join subjects sb on sb.id = l.subject_id
         where a.student_id = ${studentId} and l.date = ${date}::date and l.status <> 'cancelled'
           and l.organization_id = ${organizationId} and a.organization_id = ${organizationId}
           and a.updated_at <= now() - make_interval(mins => ${windowMinutes})
         order by l.lesson_number`,
  );
}

/** The active parent accounts linked to a pupil in that pupil's school. */
export function findParentsOf(db: Database, organizationId: number, studentId: number) {
  return rowsOf<{ id: number }>(
    db,
    sql`select u.id from student_parents sp join users u on u.id = sp.parent_user_id
         where sp.student_id = ${studentId} and sp.organization_id = ${organizationId} and u.active
         order by u.id`,
  );
}

/** A dated lesson as a change notice tells of it: class, subject, when, who teaches it now. */
export async function findChangedLesson(db: Database, lessonId: number) {
  const [row] = await rowsOf<{
    organization_id: number;
    class_id: number;
    load_id: number | null;
    subgroup_id: number | null;
    grade: number;
    letter: string;
    subject_name: string;
    date: string;
    lesson_number: number;
    status: 'scheduled' | 'replaced' | 'cancelled' | 'moved';
    teacher_id: number | null;
    teacher: { surname: string; name: string; patronymic: string | null } | null;
    original: { surname: string; name: string; patronymic: string | null } | null;
  }>(
    db,
    sql`select l.organization_id, l.class_id, l.load_id, l.subgroup_id, c.number as grade, c.letter,
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
         where l.id = ${lessonId}`,
  );
  return row;
}

/**
 * The active accounts of a lesson's pupils and of their parents in the lesson's school: the
 * class's, or only the subgroup's when the lesson is a subgroup's.
 */
export function findFamiliesOfLesson(
  db: Database,
  lesson: { organization_id: number; class_id: number; subgroup_id: number | null },
) {
  const pupils =
    lesson.subgroup_id === null
      ? sql`select s.id, s.user_id from students s
             where s.class_id = ${lesson.class_id} and s.organization_id = ${lesson.organization_id}`
      : sql`select s.id, s.user_id from students s
              join subgroup_members m on m.student_id = s.id and m.subgroup_id = ${lesson.subgroup_id}
             where s.class_id = ${lesson.class_id} and s.organization_id = ${lesson.organization_id}`;
  return rowsOf<{ id: number }>(
    db,
    sql`with pupils as (${pupils})
        select u.id from users u
         where u.active and (u.id in (select user_id from pupils)
           or u.id in (select sp.parent_user_id from student_parents sp
                        where sp.organization_id = ${lesson.organization_id}
                          and sp.student_id in (select id from pupils)))
         order by u.id`,
  );
}

/** A pupil's final mark of a subject and period as it is now (value null: none), with the names a notice needs. */
export async function findFinalMarkSubject(
  db: Database,
  studentId: number,
  subjectId: number,
  periodId: number,
) {
  const [row] = await rowsOf<{
    organization_id: number;
    user_id: number | null;
    surname: string;
    name: string;
    subject_name: string;
    period_name: string;
    value: string | null;
  }>(
    db,
    sql`select s.organization_id, s.user_id, s.surname, s.name, sb.name as subject_name, p.name as period_name,
               f.value
          from students s
          join subjects sb on sb.id = ${subjectId} and sb.organization_id = s.organization_id
          join periods p on p.id = ${periodId} and p.organization_id = s.organization_id
          left join final_marks f on f.student_id = s.id and f.subject_id = sb.id and f.period_id = p.id
         where s.id = ${studentId}`,
  );
  return row;
}

/** The active account of a pupil, if the pupil has one. */
export async function findActiveUser(db: Database, userId: number | null) {
  if (userId === null) return [];
  return rowsOf<{ id: number }>(db, sql`select id from users where id = ${userId} and active`);
}

/** Schools with their settings rows, for the evening digest's clock. */
export function findOrganizationIds(db: Database) {
  return rowsOf<{ id: number }>(db, sql`select id from organizations order by id`);
}

/**
 * Every pupil × subject of a school whose marks changed on `date` (school time), with the marks
 * those lessons hold now (empty: removed), and Σ value·weight and Σ weight of the pupil's marks of
 * the subject over the term that holds `date` (the journal's weighted average).
 */
export function findMarkChangesOfDay(db: Database, organizationId: number, date: string, timeZone: string) {
  return rowsOf<{
    student_id: number;
    user_id: number | null;
    surname: string;
    name: string;
    subject_name: string;
    marks: string | null;
    sum: number | null;
    weight: number | null;
  }>(
    db,
    sql`with changed as (
          select distinct a.student_id, a.lesson_id from mark_audit a
           where a.organization_id = ${organizationId} and a.entity = 'mark'
             and a.changed_at >= (${date}::date)::timestamp at time zone ${timeZone}
             and a.changed_at < (${date}::date + 1)::timestamp at time zone ${timeZone}
        ),
        pairs as (
          select c.student_id, l.subject_id, l.class_id, array_agg(c.lesson_id) as lesson_ids
            from changed c join lessons l on l.id = c.lesson_id
           group by 1, 2, 3
        )
        select p.student_id, s.user_id, s.surname, s.name, sb.name as subject_name,
               (select string_agg(m.value, ' ' order by l.date, l.lesson_number, m.id)
                  from marks m join lessons l on l.id = m.lesson_id
                 where m.student_id = p.student_id and m.lesson_id = any(p.lesson_ids)) as marks,
               avg.sum, avg.weight
          from pairs p
          join students s on s.id = p.student_id and s.organization_id = ${organizationId}
          join subjects sb on sb.id = p.subject_id
          join classes c on c.id = p.class_id
          left join lateral (
            select pr.start_date, pr.end_date from periods pr
             where pr.organization_id = ${organizationId} and pr.kind <> 'year' and c.number = any(pr.grades)
               and ${date}::date between pr.start_date and pr.end_date
             order by pr.end_date - pr.start_date limit 1) term on true
          left join lateral (
            select sum(m.value::int * m.weight)::float8 as sum, sum(m.weight)::float8 as weight
              from marks m join lessons l on l.id = m.lesson_id
             where m.student_id = p.student_id and l.subject_id = p.subject_id
               and l.date between term.start_date and term.end_date) avg on true
         order by s.surname, s.name, p.student_id, sb.name`,
  );
}

/** The active parent accounts linked to any of `studentIds` in their school, with whose parent each is. */
export function findParentLinks(db: Database, organizationId: number, studentIds: number[]) {
  if (studentIds.length === 0) return Promise.resolve([]);
  return rowsOf<{ parent_id: number; student_id: number }>(
    db,
    sql`select u.id as parent_id, sp.student_id from student_parents sp join users u on u.id = sp.parent_user_id
         where sp.organization_id = ${organizationId} and u.active
           and sp.student_id = any(${`{${studentIds.join(',')}}`}::int[])`,
  );
}

/** The categories a user has chosen for (the rest follow the school's defaults). */
export function findPreferences(db: Database, userIds: number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      userId: notificationPreferences.userId,
      category: notificationPreferences.category,
      email: notificationPreferences.email,
      instant: notificationPreferences.instant,
      push: notificationPreferences.push,
    })
    .from(notificationPreferences)
    .where(inArray(notificationPreferences.userId, userIds));
}

export async function upsertPreferences(
  db: Database,
  userId: number,
  /** `instant` and `push` null (or no `push`) keep what the category had. */
  rows: { category: NotificationCategory; email: boolean; instant: boolean | null; push?: boolean | null }[],
) {
  if (rows.length === 0) return;
  await db
    .insert(notificationPreferences)
    .values(rows.map((row) => ({ ...row, push: row.push ?? null, userId })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.category],
      set: {
        email: sql`excluded.email`,
        instant: sql`coalesce(excluded.instant, ${notificationPreferences.instant})`,
        push: sql`coalesce(excluded.push, ${notificationPreferences.push})`,
        updatedAt: sql`now()`,
      },
    });
}

export async function findEmail(db: Database, userId: number) {
  const [row] = await db.select().from(notificationEmails).where(eq(notificationEmails.userId, userId));
  return row;
}

/** Sets a user's address, unconfirmed, with the hash of its confirmation token. */
export async function saveEmail(
  db: Database,
  write: { userId: number; address: string; tokenHash: string; validHours: number; unsubscribeKey: string },
) {
  const values = {
    userId: write.userId,
    address: write.address,
    confirmedAt: null,
    tokenHash: write.tokenHash,
    tokenExpiresAt: sql`now() + make_interval(hours => ${write.validHours})`,
    unsubscribeKey: write.unsubscribeKey,
    createdAt: sql`now()`,
  };
  await db
    .insert(notificationEmails)
    .values(values)
    .onConflictDoUpdate({ target: notificationEmails.userId, set: values });
}

/** The address a confirmation token was issued for, and whether the token is still valid. */
export async function findEmailByToken(db: Database, tokenHash: string) {
  const [row] = await db
    .select({
      userId: notificationEmails.userId,
      address: notificationEmails.address,
      expired: sql<boolean>`${notificationEmails.tokenExpiresAt} < now()`,
    })
    .from(notificationEmails)
    .where(eq(notificationEmails.tokenHash, tokenHash));
  return row;
}

export async function confirmEmail(db: Database, userId: number) {
  await db
    .update(notificationEmails)
    .set({ confirmedAt: sql`now()`, tokenHash: null, tokenExpiresAt: null })
    .where(eq(notificationEmails.userId, userId));
}

export async function deleteEmail(db: Database, userId: number) {
  await db.delete(notificationEmails).where(eq(notificationEmails.userId, userId));
}

/**
 * What a letter needs of a notice in the bell: the notice as it is now, the user's confirmed
 * address (null: none) and unsubscribe key, and their choice for its category (null: the school's default).
 */
export async function findLetterOf(db: Database, userId: number, dedupeKey: string) {
  const [row] = await rowsOf<{
    organization_id: number;
    category: NotificationCategory;
    title: string;
    body: string;
    link: string | null;
    address: string | null;
    unsubscribe_key: string | null;
    email: boolean | null;
  }>(
    db,
    sql`select n.organization_id, n.category, n.title, n.body, n.link,
               e.address, e.unsubscribe_key, p.email
          from notifications n
          join users u on u.id = n.user_id and u.active
          left join notification_emails e on e.user_id = n.user_id and e.confirmed_at is not null
          left join notification_preferences p on p.user_id = n.user_id and p.category = n.category
         where n.user_id = ${userId} and n.dedupe_key = ${dedupeKey}`,
  );
  return row;
}

export async function wasSent(db: Database, userId: number, dedupeKey: string, version: string) {
  const rows = await db
    .select({ userId: emailDeliveries.userId })
    .from(emailDeliveries)
    .where(
      and(
        eq(emailDeliveries.userId, userId),
        eq(emailDeliveries.dedupeKey, dedupeKey),
        eq(emailDeliveries.version, version),
      ),
    );
  return rows.length > 0;
}

export async function recordSent(db: Database, userId: number, dedupeKey: string, version: string) {
  await db.insert(emailDeliveries).values({ userId, dedupeKey, version }).onConflictDoNothing();
}

/** Forgets the record of letters sent more than `days` days ago (their notices are gone too). */
export async function deleteDeliveriesOlderThan(db: Database, days: number) {
  await db
    .delete(emailDeliveries)
    .where(lt(emailDeliveries.sentAt, sql`now() - make_interval(days => ${days})`));
}

/** Someone of the school gets marks «сразу» by their own choice. */
export async function hasInstantMarks(db: Database, organizationId: number) {
  const rows = await rowsOf<{ one: number }>(
    db,
    sql`select 1 as one from notification_preferences p join users u on u.id = p.user_id
         where u.organization_id = ${organizationId} and p.category = 'marks' and p.instant and u.active
         limit 1`,
  );
  return rows.length > 0;
}

/** The homework of a school's lessons of `date` (not cancelled), per pupil of each lesson's class or subgroup. */
export function findHomeworkOfDay(db: Database, organizationId: number, date: string) {
  return rowsOf<{
    student_id: number;
    user_id: number | null;
    surname: string;
    name: string;
    subject_name: string;
    homework: string;
  }>(
    db,
    sql`select s.id as student_id, s.user_id, s.surname, s.name, sb.name as subject_name, trim(l.homework) as homework
          from lessons l
          join subjects sb on sb.id = l.subject_id
          join students s on s.class_id = l.class_id and s.organization_id = l.organization_id
         where l.organization_id = ${organizationId} and l.date = ${date}::date and l.status <> 'cancelled'
           and coalesce(trim(l.homework), '') <> '' and s.status = 'active'
           and (l.subgroup_id is null or exists (
                 select 1 from subgroup_members m where m.subgroup_id = l.subgroup_id and m.student_id = s.id))
         order by s.surname, s.name, s.id, l.lesson_number`,
  );
}
