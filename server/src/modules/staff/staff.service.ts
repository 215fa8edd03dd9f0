import type { StaffCreate, StaffCreated, StaffUpdate } from '@parta/shared/domain/contracts/people';
import type { Db } from '../../db/client';
import { isInScope } from '../../db/scope';
import type { Actor } from '../../plugins/auth';
import { unprocessable, VALIDATION_MESSAGE } from '../../plugins/errors';
import { generatePassword, hashPassword } from '../auth/credentials';
import { getUser } from '../users/users.service';
import {
  findAssignableRoles,
  insertStaff,
  isLoginTaken,
  updateStaff as updateStaffRows,
} from './staff.repository';

/** Roles that make a user a student or a parent, not staff: those come with the student's card. */
const NON_STAFF_ROLES = new Set(['student', 'parent']);

/** Checks the organization, the login and the roles; collects every problem as a field error. */
async function checkStaff(db: Db, actor: Actor, input: StaffUpdate, exceptUserId?: number) {
  const errors: Record<string, string[]> = {};
  if (!isInScope(actor, input.organization_id)) {
    errors.organization_id = ['Организация не найдена'];
  } else {
    const roles = await findAssignableRoles(db, input.organization_id, input.role_ids);
    const found = new Set(roles.map((role) => role.id));
    if (input.role_ids.some((id) => !found.has(id))) {
      errors.role_ids = ['Есть роли, которых нет в этой организации'];
    } else if (roles.some((role) => role.code && NON_STAFF_ROLES.has(role.code))) {
      errors.role_ids = ['Роли «Ученик» и «Родитель» выдаются через карточку ученика'];
    } else if (!actor.isPlatformAdmin && roles.some((role) => role.code === 'platform_admin')) {
      errors.role_ids = ['Роль администратора платформы может выдать только администратор платформы'];
    }
  }
  if (await isLoginTaken(db, input.login, exceptUserId)) errors.login = ['Этот логин уже занят'];
  if (Object.keys(errors).length > 0) throw unprocessable(VALIDATION_MESSAGE, errors);
}

/** POST /api/users: a new staff member; without a password one is generated and answered once. */
export async function createStaff(db: Db, actor: Actor, input: StaffCreate): Promise<StaffCreated> {
  await checkStaff(db, actor, input);
  const password = input.password ?? generatePassword();
  const id = await insertStaff(
    db,
    {
      organizationId: input.organization_id,
      surname: input.surname,
      name: input.name,
      patronymic: input.patronymic,
      login: input.login,
      email: input.email,
      phone: input.phone,
      active: input.active,
      passwordHash: await hashPassword(password),
    },
    [...new Set(input.role_ids)],
  );
  return { data: await getUser(db, actor, id), password: input.password ? null : password };
}

/** PUT /api/users/{id}: the card, roles and active state; deactivating ends the user's sessions. */
export async function updateStaff(db: Db, actor: Actor, id: number, input: StaffUpdate) {
  await getUser(db, actor, id);
  if (id === actor.userId && !input.active) {
    throw unprocessable(VALIDATION_MESSAGE, { active: ['Нельзя отключить собственную учётную запись'] });
  }
  await checkStaff(db, actor, input, id);
  await updateStaffRows(
    db,
    id,
    {
      organizationId: input.organization_id,
      surname: input.surname,
      name: input.name,
      patronymic: input.patronymic,
      login: input.login,
      email: input.email,
      phone: input.phone,
      active: input.active,
    },
    [...new Set(input.role_ids)],
  );
  return getUser(db, actor, id);
}
