import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { classes } from '../db/schema';
import type { Actor } from '../plugins/auth';
import { forbidden } from '../plugins/errors';
import { inScope } from './scope';

/** The classes `actor` leads (`classes.manager_id`), as a condition on a class id column. */
export function ledClassesRule(actor: Actor, classColumn: AnyPgColumn): SQL {
  return inArray(
    classColumn,
    sql`(select ${classes.id} from ${classes} where ${classes.managerId} = ${actor.userId})`,
  );
}

/**
 * "A class teacher's own class": the row rule of editing students and their classes. Whoever manages
 * every class (classes.edit: director, завуч) has no extra condition; anyone else only the classes
 * they lead (`classes.manager_id`). `classColumn` is the class id of the row being read or written.
 */
export function ownClassRule(actor: Actor, classColumn: AnyPgColumn): SQL | undefined {
  if (actor.permissions.has('classes.edit')) return undefined;
  return ledClassesRule(actor, classColumn);
}

/** The row rule an answer of `schoolOrLedClasses` gives: none for the whole school. */
export type ClassReach = (classColumn: AnyPgColumn) => SQL | undefined;

/**
 * "The whole school's, or a class teacher's own classes" (the year's archive): whoever holds
 * `schoolKey` reaches the whole school; a class teacher who leads at least one class in scope the
 * rows of the classes they lead, read only; anyone else is refused with `forbiddenMessage` (403).
 * Another school's rows are never found: the caller's scope is part of every query besides this rule.
 */
export async function schoolOrLedClasses(
  db: Database,
  actor: Actor,
  schoolKey: string,
  forbiddenMessage: string,
): Promise<ClassReach> {
  if (actor.permissions.has(schoolKey)) return () => undefined;
  const [led] = await db
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.managerId, actor.userId), inScope(actor, classes.organizationId)))
    .limit(1);
  if (!led) throw forbidden(forbiddenMessage);
  return (classColumn) => ledClassesRule(actor, classColumn);
}
