import type {
  BalanceOperation,
  DictionaryName,
  OrganizationCreateParsed,
  OrganizationUpdateParsed,
  RegistryListQueryParsed,
  RegistryOrganization,
} from '@parta/shared/domain/contracts/registry';
import type { Database } from '../../db/client';
import type { Actor } from '../../plugins/auth';
import { conflict, notFound, unprocessable, VALIDATION_MESSAGE } from '../../plugins/errors';
import {
  applyBalanceOperation,
  deleteDictionaryItem,
  findBalanceTransactionsPage,
  findDictionary,
  findDictionaryItem,
  findRegistryOrganization,
  findRegistryPage,
  insertDictionaryItem,
  insertOrganization,
  isDictionaryItemUsed,
  isDictionaryNameTaken,
  missingDictionaryIds,
  type OrganizationValues,
  updateDictionaryItem,
  updateOrganizationRow,
} from './registry.repository';

const NOT_FOUND = 'Организация не найдена';

function pageMeta(page: number, perPage: number, total: number) {
  return { current_page: page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) };
}

export async function listRegistry(db: Database, actor: Actor, query: RegistryListQueryParsed) {
  const { rows, total } = await findRegistryPage(db, actor, {
    parentId: query.parent_id,
    search: query.search,
    region: query.region,
    typeId: query.type_id,
    status: query.status,
    negativeBalance: query.negative_balance,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return { data: rows, meta: pageMeta(query.page, query.per_page, total) };
}

export async function getRegistryOrganization(
  db: Database,
  actor: Actor,
  id: number,
): Promise<RegistryOrganization> {
  const row = await findRegistryOrganization(db, actor, id);
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

async function checkDictionaries(db: Database, input: OrganizationUpdateParsed) {
  const missing = await missingDictionaryIds(db, input);
  if (missing.length > 0) {
    throw unprocessable(
      VALIDATION_MESSAGE,
      Object.fromEntries(missing.map((field) => [field, ['Нет такого значения в справочнике']])),
    );
  }
}

function organizationValues(input: OrganizationUpdateParsed): OrganizationValues {
  return {
    name: input.name,
    shortName: input.short_name,
    inn: input.inn,
    kpp: input.kpp,
    ogrn: input.ogrn,
    address: input.address,
    region: input.region,
    typeId: input.type_id,
    formId: input.form_id,
    kindId: input.kind_id,
  };
}

export async function createOrganization(
  db: Database,
  actor: Actor,
  input: OrganizationCreateParsed,
): Promise<RegistryOrganization> {
  if (input.parent_id !== null && !(await findRegistryOrganization(db, actor, input.parent_id))) {
    throw unprocessable(VALIDATION_MESSAGE, { parent_id: ['Родительская организация не найдена'] });
  }
  await checkDictionaries(db, input);
  const id = await insertOrganization(db, { ...organizationValues(input), parentId: input.parent_id });
  return getRegistryOrganization(db, actor, id);
}

export async function updateOrganization(
  db: Database,
  actor: Actor,
  id: number,
  input: OrganizationUpdateParsed,
): Promise<RegistryOrganization> {
  await getRegistryOrganization(db, actor, id);
  await checkDictionaries(db, input);
  await updateOrganizationRow(db, actor, id, organizationValues(input));
  return getRegistryOrganization(db, actor, id);
}

/** Blocks or unblocks; the platform's own organization is never blocked. */
export async function setOrganizationStatus(
  db: Database,
  actor: Actor,
  id: number,
  status: 'active' | 'blocked',
): Promise<RegistryOrganization> {
  const organization = await getRegistryOrganization(db, actor, id);
  if (organization.is_platform && status === 'blocked') {
    throw unprocessable(VALIDATION_MESSAGE, { status: ['Организацию платформы заблокировать нельзя'] });
  }
  await updateOrganizationRow(db, actor, id, { status });
  return getRegistryOrganization(db, actor, id);
}

const OPERATIONS: Record<BalanceOperation, { kind: 'balance' | 'bonus'; sign: '' | '-' }> = {
  top_up: { kind: 'balance', sign: '' },
  charge: { kind: 'balance', sign: '-' },
  bonus_add: { kind: 'bonus', sign: '' },
  bonus_remove: { kind: 'bonus', sign: '-' },
};

/**
 * One balance operation. The amount (at most two decimals, checked by the contract) goes to SQL as
 * a decimal string, so 0.10 is exactly ten kopecks however many times it is added.
 */
export async function recordBalanceOperation(
  db: Database,
  actor: Actor,
  organizationId: number,
  input: { operation: BalanceOperation; amount: number; comment: string },
): Promise<RegistryOrganization> {
  const { kind, sign } = OPERATIONS[input.operation];
  const result = await applyBalanceOperation(db, actor, {
    organizationId,
    kind,
    amount: `${sign}${input.amount.toFixed(2)}`,
    comment: input.comment,
  });
  if (result === 'not_found') throw notFound(NOT_FOUND);
  if (result === 'bonus_negative') {
    throw unprocessable(VALIDATION_MESSAGE, { amount: ['Бонусов меньше, чем списывается'] });
  }
  return getRegistryOrganization(db, actor, organizationId);
}

export async function listBalanceTransactions(
  db: Database,
  actor: Actor,
  organizationId: number,
  query: { page: number; per_page: number },
) {
  await getRegistryOrganization(db, actor, organizationId);
  const { rows, total } = await findBalanceTransactionsPage(db, actor, organizationId, {
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return {
    data: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      amount: row.amount,
      comment: row.comment,
      created_at: row.created_at.toISOString(),
      created_by:
        row.created_by_id === null
          ? null
          : {
              id: row.created_by_id,
              surname: row.created_by_surname ?? '',
              name: row.created_by_name ?? '',
              patronymic: row.created_by_patronymic,
            },
    })),
    meta: pageMeta(query.page, query.per_page, total),
  };
}

// ---------------------------------------------------------------- dictionaries

export const listDictionary = findDictionary;

async function checkDictionaryName(
  db: Database,
  dictionary: DictionaryName,
  name: string,
  exceptId?: number,
) {
  if (await isDictionaryNameTaken(db, dictionary, name, exceptId)) {
    throw unprocessable(VALIDATION_MESSAGE, { name: ['Такое значение уже есть в справочнике'] });
  }
}

export async function addDictionaryItem(db: Database, dictionary: DictionaryName, name: string) {
  await checkDictionaryName(db, dictionary, name);
  return insertDictionaryItem(db, dictionary, name);
}

export async function renameDictionaryItem(
  db: Database,
  dictionary: DictionaryName,
  id: number,
  name: string,
) {
  if (!(await findDictionaryItem(db, dictionary, id))) throw notFound('Значение справочника не найдено');
  await checkDictionaryName(db, dictionary, name, id);
  return updateDictionaryItem(db, dictionary, id, name);
}

/** Deletes an item no organization uses; a used one answers 409. */
export async function removeDictionaryItem(db: Database, dictionary: DictionaryName, id: number) {
  if (!(await findDictionaryItem(db, dictionary, id))) throw notFound('Значение справочника не найдено');
  if (await isDictionaryItemUsed(db, dictionary, id)) {
    throw conflict('Значение используется организациями: сначала замените его в их карточках');
  }
  await deleteDictionaryItem(db, dictionary, id);
}
