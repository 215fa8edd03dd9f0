import type { Database } from '../../db/client';
import { loginTaken } from '../users/users.service';
import type { FetPlan } from './fet-plan';
import { ImportFileError } from './import-file-error';
import { findStaffRoles, type School } from './imports.repository';
import { normalName, SchoolMatch } from './match';

/**
 * What a register says that only the school can check (xlsx-register.ts reads the rest off the
 * API's thread): the roles it gives exist in the school, the logins it asks for are free, a class
 * teacher is one of the school's staff. A refusal names the row and the column, in Russian.
 */
export async function checkRegister(
  db: Database,
  organizationId: number,
  plan: FetPlan,
  school: School,
): Promise<void> {
  const errors: string[] = [];
  const match = new SchoolMatch(plan, school);
  const withRoles = plan.teachers.filter((t) => (t.roles ?? []).length > 0);
  if (withRoles.length > 0) {
    const roles = new Set((await findStaffRoles(db, organizationId)).map((r) => normalName(r.name)));
    for (const t of withRoles)
      for (const role of t.roles ?? [])
        if (!roles.has(normalName(role)))
          errors.push(`Строка ${t.row}, столбец «Роли»: роли «${role}» нет в школе`);
  }
  const logins = new Map<string, number>();
  for (const t of plan.teachers) {
    if (!t.login || match.teacherIds.has(t.source)) continue;
    const key = t.login.toLowerCase();
    if (logins.has(key))
      errors.push(`Строка ${t.row}, столбец «Логин»: «${t.login}» уже есть в строке ${logins.get(key)}`);
    else if (await loginTaken(db, t.login))
      errors.push(`Строка ${t.row}, столбец «Логин»: «${t.login}» уже занят`);
    logins.set(key, t.row ?? 0);
  }
  for (const c of plan.classes)
    if (c.manager && match.staffId(c.manager) === undefined)
      errors.push(
        `Строка ${c.row}, столбец «Классный руководитель»: «${c.manager}» нет среди сотрудников школы`,
      );
  if (errors.length > 0)
    throw new ImportFileError(`В реестре есть ошибки: ${errors[0]}`, { file: errors.slice(0, 20) });
}
