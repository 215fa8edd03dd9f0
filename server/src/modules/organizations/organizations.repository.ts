import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  balanceTransactions,
  organizationForms,
  organizationKinds,
  organizationSettings,
  organizations,
  organizationTypes,
} from '../../db/schema';
import { inScope, type ScopedActor } from '../../db/scope';

const organizationColumns = {
  id: organizations.id,
  name: organizations.name,
  short_name: organizations.shortName,
  parent_id: organizations.parentId,
  inn: organizations.inn,
  address: organizations.address,
  status: organizations.status,
  is_platform: organizations.isPlatform,
  balance: organizations.balance,
  bonus_balance: organizations.bonusBalance,
};

/** The caller's organization and its descendants (every organization for a platform administrator). */
export function findOrganizationOptions(db: Database, scope: ScopedActor) {
  return db
    .select({
      id: organizations.id,
      name: organizations.name,
      short_name: organizations.shortName,
      parent_id: organizations.parentId,
    })
    .from(organizations)
    .where(inScope(scope, organizations.id))
    .orderBy(asc(organizations.id));
}

export async function findOrganization(db: Database, id: number) {
  const [row] = await db.select(organizationColumns).from(organizations).where(eq(organizations.id, id));
  return row;
}

export function findSettings(db: Database, organizationId: number) {
  return db
    .select({ key: organizationSettings.key, value: organizationSettings.value })
    .from(organizationSettings)
    .where(eq(organizationSettings.organizationId, organizationId));
}

export async function upsertSettings(
  db: Database,
  organizationId: number,
  items: { key: string; value: string }[],
) {
  await db
    .insert(organizationSettings)
    .values(items.map((item) => ({ organizationId, key: item.key, value: item.value })))
    .onConflictDoUpdate({
      target: [organizationSettings.organizationId, organizationSettings.key],
      set: { value: sql`excluded.value` },
    });
}

export function findDictionary(db: Database, kind: 'types' | 'forms' | 'kinds') {
  const table = { types: organizationTypes, forms: organizationForms, kinds: organizationKinds }[kind];
  return db.select({ id: table.id, name: table.name }).from(table).orderBy(asc(table.id));
}

/** Appends the transaction and moves the balance in one statement pair inside a transaction. */
export async function addBalanceTransaction(
  db: Database,
  input: { organizationId: number; amount: number; comment: string; createdBy: number },
) {
  return db.transaction(async (tx) => {
    await tx.insert(balanceTransactions).values({ ...input, kind: 'balance' });
    const [row] = await tx
      .update(organizations)
      .set({ balance: sql`${organizations.balance} + ${input.amount}` })
      .where(and(eq(organizations.id, input.organizationId)))
      .returning(organizationColumns);
    return row;
  });
}
