import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { call, loginAs, loginWithOneTimePassword } from './helpers';

/** A valid 10-digit ИНН built from a number (its check digit computed). */
export function innOf(n: number): string {
  const digits = String(7700000000 + n)
    .slice(0, 9)
    .split('')
    .map(Number);
  const weights = [2, 4, 10, 3, 5, 9, 4, 6, 8];
  const check = (digits.reduce((sum, d, i) => sum + d * weights[i], 0) % 11) % 10;
  return `${digits.join('')}${check}`;
}

let nextSchool = 1;

/**
 * A new, empty school as a school gets one: its application from the landing page, approved by the
 * platform's administrator; answers its director's token (own password set) and organization id.
 */
export async function newSchool(
  app: FastifyInstance,
  admin: string,
): Promise<{ token: string; organizationId: number }> {
  const n = nextSchool++;
  const applied = await app.inject({
    method: 'POST',
    url: '/api/applications',
    remoteAddress: `10.50.${Math.floor(n / 250)}.${(n % 250) + 1}`,
    payload: {
      organization_name: `МБОУ «Школа переезда №${n}»`,
      inn: innOf(n * 7919 + process.pid),
      region: 'Московская область',
      contact_name: `Директорова Анна ${n}`,
      email: `move-in-${n}@school.test`,
      phone: '+7 (496) 555-12-12',
      consent: true,
    },
  });
  if (applied.statusCode !== 201) throw new Error(`application: ${applied.statusCode} ${applied.body}`);
  const approved = await call(app, admin, 'POST', `/api/applications/${applied.json().data.id}/approve`, {
    short_name: `Школа переезда №${n}`,
    director_surname: 'Директорова',
    director_name: 'Анна',
    director_patronymic: `Тестовна${n}`,
  });
  if (approved.statusCode !== 200 && approved.statusCode !== 201)
    throw new Error(`approval: ${approved.statusCode} ${approved.body}`);
  const { login, password, organization_id: organizationId } = approved.json();
  return { token: await loginWithOneTimePassword(app, login, password), organizationId };
}

/** POST /api/imports with the file as multipart/form-data (and the kind as a form field when given). */
export function upload(
  app: FastifyInstance,
  token: string,
  file: Buffer | string,
  fileName = 'school.fet',
  kind?: string,
): Promise<LightMyRequestResponse> {
  const boundary = '----parta-import-boundary';
  const parts: Buffer[] = [];
  if (kind)
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\n${kind}\r\n`),
    );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    Buffer.isBuffer(file) ? file : Buffer.from(file, 'utf8'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return app.inject({
    method: 'POST',
    url: '/api/imports',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: Buffer.concat(parts),
  });
}

/** Polls an import until its apply is no longer under way. */
export async function waitForImport(app: FastifyInstance, token: string, id: number) {
  for (let i = 0; i < 1200; i++) {
    const response = await call(app, token, 'GET', `/api/imports/${id}`);
    const data = response.json().data;
    if (data.status !== 'applying') return data;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`import ${id} did not finish`);
}

/** Uploads, applies and waits: the finished import. */
export async function importFile(
  app: FastifyInstance,
  token: string,
  file: Buffer | string,
  fileName?: string,
) {
  const created = await upload(app, token, file, fileName);
  if (created.statusCode !== 201) throw new Error(`upload: ${created.statusCode} ${created.body}`);
  const { id, preview } = created.json().data;
  const applied = await call(app, token, 'POST', `/api/imports/${id}/apply`);
  if (applied.statusCode !== 202) throw new Error(`apply: ${applied.statusCode} ${applied.body}`);
  return { preview, done: await waitForImport(app, token, id) };
}

export { loginAs };
