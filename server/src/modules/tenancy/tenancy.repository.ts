import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { organizations } from '../../db/schema';

/** The organization and all its descendants (recursive over parent_id). */
export async function findSubtreeIds(db: Database, rootId: number): Promise<number[]> {
  const rows = await db.execute<{ id: number }>(sql`
    with recursive tree(id) as (
      select ${organizations.id} from ${organizations} where ${organizations.id} = ${rootId}
      union
      select o.id from ${organizations} o join tree on o.parent_id = tree.id
    )
    select id from tree order by id`);
  return (rows as unknown as { rows: { id: number }[] }).rows.map((row) => Number(row.id));
}

export async function findAllOrganizationIds(db: Database): Promise<number[]> {
  const rows = await db.select({ id: organizations.id }).from(organizations).orderBy(organizations.id);
  return rows.map((row) => row.id);
}
