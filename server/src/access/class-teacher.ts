import { inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { classes } from '../db/schema';
import type { Actor } from '../plugins/auth';

/**
 * "A class teacher's own class": the row rule of editing students and their classes. Whoever manages
 * every class (classes.edit: director, завуч) has no extra condition; anyone else only the classes
 * they lead (`classes.manager_id`). `classColumn` is the class id of the row being read or written.
 */
export function ownClassRule(actor: Actor, classColumn: AnyPgColumn): SQL | undefined {
  if (actor.permissions.has('classes.edit')) return undefined;
  return inArray(
    classColumn,
    sql`(select ${classes.id} from ${classes} where ${classes.managerId} = ${actor.userId})`,
  );
}
