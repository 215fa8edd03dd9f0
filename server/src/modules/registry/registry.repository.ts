import { and, asc, count, desc, eq, ilike, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { inScope, type ScopedActor } from '../../access/scope';
import type { Database } from '../../db/client';
import { containsPattern, searchWords } from '../../db/like';
import {
  balanceTransactions,
  organizationForms,
  organizationKinds,
  organizations,
  organizationTypes,
  users,
} from '../../db/schema';

const parent = alias(organizations, 'parent');

/** The first active director of the organization, as `{id, surname, name, patronymic}`. */
const directorColumn = sql<{ id: number; surname: string; name: string; patronymic: string | null } | null>`(
  select json_build_object('id', u.id, 'surname', u.surname, 'name', u.name, 'patronymic', u.patronymic)
  from users u
  join user_roles ur on ur.user_id = u.id
  join roles r on r.id = ur.role_id
  where u.organization_id = ${organizations.id} and r.code = 'director' and u.active
  order by u.id
  limit 1)`;

const registryColumns = {
  id: organizations.id,
  parent_id: organizations.parentId,
  parent_short_name: parent.shortName,
  name: organizations.name,
  short_name: organizations.shortName,
  inn: organizations.inn,
  kpp: organizations.kpp,
  ogrn: organizations.ogrn,
  address: organizations.address,
  region: organizations.region,
  type_id: organizations.typeId,
  form_id: organizations.formId,
  kind_id: organizations.kindId,
  status: organizations.status,
  is_platform: organizations.isPlatform,
  balance: organizations.balance,
  bonus_balance: organizations.bonusBalance,
  director: directorColumn,
  children_count: sql<number>`(select count(*)::int from organizations c where c.parent_id = ${organizations.id})`,
};

export interface RegistryFilter {
  parentId?: number;
  search?: string;
  region?: string;
  typeId?: number;
  status?: 'active' | 'blocked';
  negativeBalance?: boolean;
  limit: number;
  offset: number;
}

function filterCondition(actor: ScopedActor, filter: RegistryFilter): SQL | undefined {
  const words = searchWords(filter.search);
  const searching =
    words.length > 0 || filter.region || filter.typeId || filter.status || filter.negativeBalance;
  return and(
    inScope(actor, organizations.id),
    // Without search or filters the list is the tree: its top, or the children of one organization.
    filter.parentId !== undefined
      ? eq(organizations.parentId, filter.parentId)
      : searching
        ? undefined
        : isNull(organizations.parentId),
    ...words.map((word) => {
      const pattern = containsPattern(word);
      return or(
        ilike(organizations.name, pattern),
        ilike(organizations.shortName, pattern),
        sql`coalesce(${organizations.inn}, '') ilike ${pattern}`,
      );
    }),
    filter.region ? ilike(organizations.region, containsPattern(filter.region)) : undefined,
    filter.typeId ? eq(organizations.typeId, filter.typeId) : undefined,
    filter.status ? eq(organizations.status, filter.status) : undefined,
    filter.negativeBalance ? lt(organizations.balance, 0) : undefined,
  );
}

export async function findRegistryPage(db: Database, actor: ScopedActor, filter: RegistryFilter) {
  const where = filterCondition(actor, filter);
  const [{ total }] = await db.select({ total: count() }).from(organizations).where(where);
  const rows = await db
    .select(registryColumns)
    .from(organizations)
    .leftJoin(parent, eq(parent.id, organizations.parentId))
    .where(where)
    .orderBy(desc(organizations.isPlatform), asc(organizations.shortName), asc(organizations.id))
    .limit(filter.limit)
    .offset(filter.offset);
  return { rows, total: Number(total) };
}

export async function findRegistryOrganization(db: Database, actor: ScopedActor, id: number) {
  const [row] = await db
    .select(registryColumns)
    .from(organizations)
    .leftJoin(parent, eq(parent.id, organizations.parentId))
    .where(and(eq(organizations.id, id), inScope(actor, organizations.id)));
  return row;
}

export type OrganizationValues = Pick<
  typeof organizations.$inferInsert,
  'name' | 'shortName' | 'inn' | 'kpp' | 'ogrn' | 'address' | 'region' | 'typeId' | 'formId' | 'kindId'
>;

export async function insertOrganization(
  db: Database,
  values: OrganizationValues & { parentId: number | null },
): Promise<number> {
  const [row] = await db.insert(organizations).values(values).returning({ id: organizations.id });
  return row.id;
}

export async function updateOrganizationRow(
  db: Database,
  actor: ScopedActor,
  id: number,
  values: Partial<OrganizationValues> & { status?: 'active' | 'blocked' },
): Promise<boolean> {
  const rows = await db
    .update(organizations)
    .set(values)
    .where(and(eq(organizations.id, id), inScope(actor, organizations.id)))
    .returning({ id: organizations.id });
  return rows.length > 0;
}

/**
 * Moves the balance (or the bonus balance) by `amount`, a decimal string, and appends the
 * transaction, in one transaction; the arithmetic is numeric in SQL, never a float. A bonus
 * balance never goes below zero: then nothing changes and the answer is `'bonus_negative'`.
 */
export async function applyBalanceOperation(
  db: Database,
  actor: ScopedActor,
  input: { organizationId: number; kind: 'balance' | 'bonus'; amount: string; comment: string },
): Promise<'done' | 'not_found' | 'bonus_negative'> {
  return db.transaction(async (tx) => {
    const column = input.kind === 'balance' ? organizations.balance : organizations.bonusBalance;
    const target = and(eq(organizations.id, input.organizationId), inScope(actor, organizations.id));
    const moved = await tx
      .update(organizations)
      .set(
        input.kind === 'balance'
          ? { balance: sql`${organizations.balance} + ${input.amount}::numeric` }
          : { bonusBalance: sql`${organizations.bonusBalance} + ${input.amount}::numeric` },
      )
      .where(and(target, input.kind === 'bonus' ? sql`${column} + ${input.amount}::numeric >= 0` : undefined))
      .returning({ id: organizations.id });
    if (moved.length === 0) {
      const [exists] = await tx.select({ id: organizations.id }).from(organizations).where(target);
      return exists ? 'bonus_negative' : 'not_found';
    }
    await tx.insert(balanceTransactions).values({
      organizationId: input.organizationId,
      kind: input.kind,
      amount: sql`${input.amount}::numeric` as unknown as number,
      comment: input.comment,
      createdBy: actor.userId,
    });
    return 'done';
  });
}

export async function findBalanceTransactionsPage(
  db: Database,
  actor: ScopedActor,
  organizationId: number,
  page: { limit: number; offset: number },
) {
  const where = and(
    eq(balanceTransactions.organizationId, organizationId),
    inScope(actor, balanceTransactions.organizationId),
  );
  const [{ total }] = await db.select({ total: count() }).from(balanceTransactions).where(where);
  const rows = await db
    .select({
      id: balanceTransactions.id,
      kind: balanceTransactions.kind,
      amount: balanceTransactions.amount,
      comment: balanceTransactions.comment,
      created_at: balanceTransactions.createdAt,
      created_by_id: users.id,
      created_by_surname: users.surname,
      created_by_name: users.name,
      created_by_patronymic: users.patronymic,
    })
    .from(balanceTransactions)
    .leftJoin(users, eq(users.id, balanceTransactions.createdBy))
    .where(where)
    .orderBy(desc(balanceTransactions.createdAt), desc(balanceTransactions.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total: Number(total) };
}

// ---------------------------------------------------------------- dictionaries

const DICTIONARY_TABLES = { types: organizationTypes, forms: organizationForms, kinds: organizationKinds };
const DICTIONARY_COLUMNS = {
  types: organizations.typeId,
  forms: organizations.formId,
  kinds: organizations.kindId,
};
export type DictionaryName = keyof typeof DICTIONARY_TABLES;

export function findDictionary(db: Database, name: DictionaryName) {
  const table = DICTIONARY_TABLES[name];
  return db.select({ id: table.id, name: table.name }).from(table).orderBy(asc(table.name), asc(table.id));
}

export async function findDictionaryItem(db: Database, name: DictionaryName, id: number) {
  const table = DICTIONARY_TABLES[name];
  const [row] = await db.select({ id: table.id, name: table.name }).from(table).where(eq(table.id, id));
  return row;
}

export async function isDictionaryNameTaken(
  db: Database,
  name: DictionaryName,
  value: string,
  exceptId?: number,
) {
  const table = DICTIONARY_TABLES[name];
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(
      and(
        sql`lower(${table.name}) = lower(${value})`,
        exceptId ? sql`${table.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function insertDictionaryItem(db: Database, name: DictionaryName, value: string) {
  const table = DICTIONARY_TABLES[name];
  const [row] = await db.insert(table).values({ name: value }).returning({ id: table.id, name: table.name });
  return row;
}

export async function updateDictionaryItem(db: Database, name: DictionaryName, id: number, value: string) {
  const table = DICTIONARY_TABLES[name];
  const [row] = await db
    .update(table)
    .set({ name: value })
    .where(eq(table.id, id))
    .returning({ id: table.id, name: table.name });
  return row;
}

/** Whether any organization uses the item (then it cannot be deleted). */
export async function isDictionaryItemUsed(db: Database, name: DictionaryName, id: number) {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(DICTIONARY_COLUMNS[name], id))
    .limit(1);
  return Boolean(row);
}

export async function deleteDictionaryItem(db: Database, name: DictionaryName, id: number) {
  const table = DICTIONARY_TABLES[name];
  const rows = await db.delete(table).where(eq(table.id, id)).returning({ id: table.id });
  return rows.length > 0;
}

/** Which of the ids exist in their dictionaries (for field errors before an insert). */
export async function missingDictionaryIds(
  db: Database,
  ids: { type_id: number | null; form_id: number | null; kind_id: number | null },
) {
  const missing: string[] = [];
  for (const [field, name] of [
    ['type_id', 'types'],
    ['form_id', 'forms'],
    ['kind_id', 'kinds'],
  ] as const) {
    const id = ids[field];
    if (id !== null && !(await findDictionaryItem(db, name, id))) missing.push(field);
  }
  return missing;
}
