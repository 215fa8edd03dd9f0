import { and, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { containsPattern, searchWords } from '../../db/like';
import { applications, users } from '../../db/schema';

type Status = (typeof applications.$inferSelect)['status'];

const applicationColumns = {
  id: applications.id,
  status: applications.status,
  organization_name: applications.organizationName,
  inn: applications.inn,
  region: applications.region,
  contact_name: applications.contactName,
  email: applications.email,
  phone: applications.phone,
  comment: applications.comment,
  reject_reason: applications.rejectReason,
  created_at: applications.createdAt,
  processed_at: applications.processedAt,
  organization_id: applications.organizationId,
  processed_by_id: users.id,
  processed_by_surname: users.surname,
  processed_by_name: users.name,
  processed_by_patronymic: users.patronymic,
  // Organizations already on the platform with this ИНН: the administrator sees the duplicate at once.
  inn_matches: sql<{ id: number; short_name: string }[]>`coalesce((
    select json_agg(json_build_object('id', o.id, 'short_name', o.short_name) order by o.id)
    from organizations o
    where o.inn = ${applications.inn} and o.id is distinct from ${applications.organizationId}), '[]'::json)`,
};

export type ApplicationRow = Awaited<ReturnType<typeof findApplicationRow>>;

export async function insertApplication(db: Database, values: typeof applications.$inferInsert) {
  const [row] = await db
    .insert(applications)
    .values(values)
    .returning({ id: applications.id, status: applications.status });
  return row;
}

export async function findApplicationsPage(
  db: Database,
  filter: { status?: Status; search?: string; limit: number; offset: number },
) {
  const words = searchWords(filter.search);
  const where = and(
    filter.status ? eq(applications.status, filter.status) : undefined,
    ...words.map((word) => {
      const pattern = containsPattern(word);
      return or(
        ilike(applications.organizationName, pattern),
        ilike(applications.contactName, pattern),
        sql`coalesce(${applications.inn}, '') ilike ${pattern}`,
        sql`coalesce(${applications.region}, '') ilike ${pattern}`,
      );
    }),
  );
  const [{ total }] = await db.select({ total: count() }).from(applications).where(where);
  const rows = await db
    .select(applicationColumns)
    .from(applications)
    .leftJoin(users, eq(users.id, applications.processedBy))
    .where(where)
    .orderBy(desc(applications.createdAt), desc(applications.id))
    .limit(filter.limit)
    .offset(filter.offset);
  return { rows, total: Number(total) };
}

export async function findApplicationRow(db: Database, id: number) {
  const [row] = await db
    .select(applicationColumns)
    .from(applications)
    .leftJoin(users, eq(users.id, applications.processedBy))
    .where(eq(applications.id, id));
  return row;
}

/**
 * Moves an application on only from one of the `from` statuses, so two administrators acting at
 * once cannot both approve it; answers whether the row changed.
 */
export async function updateApplicationStatus(
  db: Database,
  id: number,
  from: Status[],
  values: Partial<typeof applications.$inferInsert>,
): Promise<boolean> {
  const rows = await db
    .update(applications)
    .set(values)
    .where(and(eq(applications.id, id), inArray(applications.status, from)))
    .returning({ id: applications.id });
  return rows.length > 0;
}
