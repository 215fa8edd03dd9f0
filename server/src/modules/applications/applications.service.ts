import type {
  Application,
  ApplicationApproved,
  ApplicationApproveParsed,
  ApplicationCreateParsed,
  ApplicationListQueryParsed,
} from '@parta/shared/domain/contracts/applications';
import type { Database } from '../../db/client';
import type { Actor } from '../../plugins/auth';
import { conflict, notFound, unprocessable } from '../../plugins/errors';
import { createOrganization } from '../registry/registry.service';
import { createStaff, freeLoginFor, listRoles } from '../users/users.service';
import {
  type ApplicationRow,
  findApplicationRow,
  findApplicationsPage,
  insertApplication,
  updateApplicationStatus,
} from './applications.repository';

const NOT_FOUND = 'Заявка не найдена';
const ALREADY_PROCESSED = 'Заявка уже обработана: обновите страницу';

function toApplication(row: NonNullable<ApplicationRow>): Application {
  return {
    id: row.id,
    status: row.status,
    organization_name: row.organization_name,
    inn: row.inn,
    region: row.region,
    contact_name: row.contact_name,
    email: row.email,
    phone: row.phone,
    comment: row.comment,
    reject_reason: row.reject_reason,
    created_at: row.created_at.toISOString(),
    processed_at: row.processed_at?.toISOString() ?? null,
    organization_id: row.organization_id,
    processed_by:
      row.processed_by_id === null
        ? null
        : {
            id: row.processed_by_id,
            surname: row.processed_by_surname ?? '',
            name: row.processed_by_name ?? '',
            patronymic: row.processed_by_patronymic,
          },
    inn_matches: row.inn_matches,
  };
}

/**
 * POST /api/applications from the landing page (no token). A filled honeypot field means a bot:
 * refused with the same 422 shape, so it learns nothing.
 */
export async function submitApplication(db: Database, input: ApplicationCreateParsed) {
  if (input.website) throw unprocessable('Заявка не принята. Обновите страницу и отправьте её снова.');
  return insertApplication(db, {
    organizationName: input.organization_name,
    inn: input.inn,
    region: input.region,
    contactName: input.contact_name,
    email: input.email,
    phone: input.phone,
    comment: input.comment,
  });
}

export async function listApplications(db: Database, query: ApplicationListQueryParsed) {
  const { rows, total } = await findApplicationsPage(db, {
    status: query.status,
    search: query.search,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return {
    data: rows.map(toApplication),
    meta: {
      current_page: query.page,
      per_page: query.per_page,
      total,
      last_page: Math.max(1, Math.ceil(total / query.per_page)),
    },
  };
}

export async function getApplication(db: Database, id: number): Promise<Application> {
  const row = await findApplicationRow(db, id);
  if (!row) throw notFound(NOT_FOUND);
  return toApplication(row);
}

/** A new application taken into work by the caller. */
export async function takeApplication(db: Database, actor: Actor, id: number) {
  await getApplication(db, id);
  const moved = await updateApplicationStatus(db, id, ['new'], {
    status: 'in_progress',
    processedBy: actor.userId,
  });
  if (!moved) throw conflict(ALREADY_PROCESSED);
  return getApplication(db, id);
}

export async function rejectApplication(db: Database, actor: Actor, id: number, reason: string) {
  await getApplication(db, id);
  const moved = await updateApplicationStatus(db, id, ['new', 'in_progress'], {
    status: 'rejected',
    rejectReason: reason,
    processedAt: new Date(),
    processedBy: actor.userId,
  });
  if (!moved) throw conflict(ALREADY_PROCESSED);
  return getApplication(db, id);
}

/**
 * Approval in one transaction: the organization, its director's account (login and a one-time
 * password answered once) and the application's new status. Any failure on the way (a taken
 * login, another administrator approving first) rolls all of it back.
 */
export async function approveApplication(
  db: Database,
  actor: Actor,
  id: number,
  input: ApplicationApproveParsed,
): Promise<ApplicationApproved> {
  const application = await getApplication(db, id);
  if (application.status === 'approved' || application.status === 'rejected')
    throw conflict(ALREADY_PROCESSED);
  const created = await db.transaction(async (tx) => {
    const organization = await createOrganization(tx, actor, {
      parent_id: null,
      name: application.organization_name,
      short_name: input.short_name,
      inn: application.inn ?? '',
      kpp: null,
      ogrn: null,
      address: null,
      region: application.region,
      type_id: input.type_id,
      form_id: input.form_id,
      kind_id: input.kind_id,
    });
    const directorRole = (await listRoles(tx, actor, organization.id)).find(
      (role) => role.code === 'director',
    );
    if (!directorRole) throw new Error('Системная роль director не найдена');
    const person = {
      surname: input.director_surname,
      name: input.director_name,
      patronymic: input.director_patronymic,
    };
    const staff = await createStaff(tx, actor, {
      ...person,
      login: input.login ?? (await freeLoginFor(tx, person)),
      email: application.email,
      phone: application.phone,
      organization_id: organization.id,
      role_ids: [directorRole.id],
      active: true,
      password: null,
    });
    const moved = await updateApplicationStatus(tx, id, ['new', 'in_progress'], {
      status: 'approved',
      organizationId: organization.id,
      processedAt: new Date(),
      processedBy: actor.userId,
    });
    if (!moved) throw conflict(ALREADY_PROCESSED);
    return { organizationId: organization.id, login: staff.data.login, password: staff.password ?? '' };
  });
  return {
    data: await getApplication(db, id),
    organization_id: created.organizationId,
    login: created.login,
    password: created.password,
  };
}
