import {
  applicationApprovedSchema,
  applicationListResponseSchema,
  applicationSchema,
} from '@parta/shared/domain/contracts/applications';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { call, createTestApp, loginAs, loginWithOneTimePassword } from '../../../test/helpers';
import { APPLICATION_RATE_LIMIT } from './applications.routes';

const FORM = {
  organization_name: 'МБОУ «СОШ №12» г. Истры',
  inn: '5017000015',
  region: 'Московская область',
  contact_name: 'Петрова Анна Ивановна',
  email: 'petrova@school12.test',
  phone: '+7 (496) 555-12-12',
  comment: 'Подключите, пожалуйста',
  consent: true,
};

const APPROVAL = {
  short_name: 'СОШ №12',
  director_surname: 'Петрова',
  director_name: 'Анна',
  director_patronymic: 'Ивановна',
};

/** Each test sends from its own address, so the per-IP limit of one never spills into another. */
let nextAddress = 10;
function submit(app: FastifyInstance, body: unknown, remoteAddress = `10.0.0.${nextAddress++}`) {
  return app.inject({ method: 'POST', url: '/api/applications', payload: body as object, remoteAddress });
}

describe('applications: public form, list, approve, reject', () => {
  let app: FastifyInstance;
  let admin: string;
  let director: string;

  beforeAll(async () => {
    app = await createTestApp();
    [admin, director] = await Promise.all(['admin', 'director'].map((login) => loginAs(app, login)));
  });
  afterAll(async () => {
    await app.close();
  });

  async function countRows(query: ReturnType<typeof sql>): Promise<number> {
    const result = (await app.db.execute(query)) as unknown as { rows: { n: number }[] };
    return Number(result.rows[0].n);
  }

  describe('POST /api/applications (no token)', () => {
    it('accepts an application and answers its number', async () => {
      const response = await submit(app, FORM);
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body.data).toEqual({ id: expect.any(Number), status: 'new' });
      expect(body.message).toBe(
        `Заявка №${body.data.id} принята. Мы свяжемся с вами по указанным контактам.`,
      );
    });

    it('stores a Russian phone as +7 (XXX) XXX-XX-XX however it was typed, a foreign one as typed', async () => {
      const typed = ['9161234567', '8 916 123 45 67', '+7 916 123-45-67', '+44 20 7946 0958'];
      const ids: number[] = [];
      for (const phone of typed) {
        const response = await submit(app, { ...FORM, phone });
        expect(response.statusCode).toBe(201);
        ids.push(response.json().data.id);
      }
      const stored = await Promise.all(
        ids.map(
          async (id) =>
            applicationSchema.parse((await call(app, admin, 'GET', `/api/applications/${id}`)).json().data)
              .phone,
        ),
      );
      expect(stored).toEqual([
        '+7 (916) 123-45-67',
        '+7 (916) 123-45-67',
        '+7 (916) 123-45-67',
        '+44 20 7946 0958',
      ]);
    });

    it('checks every field in Russian, the ИНН by its control digit and the consent', async () => {
      const response = await submit(app, {
        organization_name: '',
        inn: '5017000014',
        region: ' ',
        contact_name: '',
        email: 'не почта',
        phone: '12',
        consent: false,
      });
      expect(response.statusCode).toBe(422);
      const { errors } = response.json();
      expect(errors).toMatchObject({
        organization_name: ['Укажите название организации'],
        inn: ['Неверный ИНН: не сходится контрольная цифра'],
        region: ['Укажите регион'],
        contact_name: ['Укажите ФИО контактного лица'],
        email: ['Неверный e-mail'],
        consent: ['Нужно согласие на обработку персональных данных'],
      });
      expect(errors.phone[0]).toMatch(/^Телефон/);
      const short = await submit(app, { ...FORM, inn: '12345' });
      expect(short.json().errors.inn).toEqual(['ИНН — 10 или 12 цифр']);
    });

    it('refuses a filled honeypot field without storing anything', async () => {
      const before = await countRows(sql`select count(*) as n from applications`);
      const response = await submit(app, { ...FORM, website: 'http://spam.example' });
      expect(response.statusCode).toBe(422);
      expect(await countRows(sql`select count(*) as n from applications`)).toBe(before);
    });

    it(`limits one address to ${APPLICATION_RATE_LIMIT.max} applications, others are not affected`, async () => {
      const address = '10.1.1.1';
      for (let i = 0; i < APPLICATION_RATE_LIMIT.max; i += 1) {
        expect((await submit(app, FORM, address)).statusCode).toBe(201);
      }
      const refused = await submit(app, FORM, address);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/^Слишком много запросов/);
      expect((await submit(app, FORM, '10.1.1.2')).statusCode).toBe(201);
    });
  });

  describe('administrators', () => {
    it('a school director gets 403 on every applications route', async () => {
      for (const [method, url, body] of [
        ['GET', '/api/applications', undefined],
        ['GET', '/api/applications/1', undefined],
        ['POST', '/api/applications/1/take', undefined],
        ['POST', '/api/applications/1/approve', APPROVAL],
        ['POST', '/api/applications/1/reject', { reason: 'нет' }],
      ] as const) {
        const response = await call(app, director, method, url, body);
        expect(response.statusCode).toBe(403);
      }
      expect((await call(app, undefined, 'GET', '/api/applications')).statusCode).toBe(401);
    });

    it('lists applications newest first with a status filter and search, flagging an ИНН already on the platform', async () => {
      const response = await call(app, admin, 'GET', '/api/applications?status=new');
      expect(response.statusCode).toBe(200);
      const body = applicationListResponseSchema.parse(response.json());
      expect(body.data.every((row) => row.status === 'new')).toBe(true);
      const flagged = body.data.find((row) => row.inn === '5024054325');
      expect(flagged?.inn_matches).toEqual([{ id: expect.any(Number), short_name: 'Гимназия №2' }]);
      expect(body.data.find((row) => row.inn === FORM.inn)?.inn_matches).toEqual([]);

      const searched = (await call(app, admin, 'GET', '/api/applications?search=Лицей')).json();
      expect(searched.data.map((row: { organization_name: string }) => row.organization_name)).toEqual([
        'МАОУ «Лицей №3» г. Красногорска',
      ]);
      const rejected = (await call(app, admin, 'GET', '/api/applications?status=rejected')).json();
      expect(rejected.data[0].reject_reason).toMatch(/Коммерческие/);
      const bad = await call(app, admin, 'GET', '/api/applications?status=lost');
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors.status).toEqual(['Неизвестный статус']);
    });

    it('takes a new application into work, once', async () => {
      const { id } = (await submit(app, FORM)).json().data;
      const taken = await call(app, admin, 'POST', `/api/applications/${id}/take`);
      expect(taken.statusCode).toBe(200);
      expect(applicationSchema.parse(taken.json().data)).toMatchObject({
        status: 'in_progress',
        processed_by: { surname: 'Соколов' },
      });
      expect((await call(app, admin, 'POST', `/api/applications/${id}/take`)).statusCode).toBe(409);
      expect((await call(app, admin, 'GET', '/api/applications/999999')).statusCode).toBe(404);
    });

    it('rejects with a reason', async () => {
      const { id } = (await submit(app, FORM)).json().data;
      const empty = await call(app, admin, 'POST', `/api/applications/${id}/reject`, { reason: '' });
      expect(empty.statusCode).toBe(422);
      expect(empty.json().errors.reason).toEqual(['Укажите причину отказа']);
      const rejected = await call(app, admin, 'POST', `/api/applications/${id}/reject`, {
        reason: 'Дубликат',
      });
      expect(rejected.json().data).toMatchObject({ status: 'rejected', reject_reason: 'Дубликат' });
      const again = await call(app, admin, 'POST', `/api/applications/${id}/approve`, APPROVAL);
      expect(again.statusCode).toBe(409);
    });

    it('approves: the organization and its director in one go; the director signs in with the one-time password', async () => {
      const { id } = (await submit(app, FORM)).json().data;
      const response = await call(app, admin, 'POST', `/api/applications/${id}/approve`, APPROVAL);
      expect(response.statusCode).toBe(200);
      const approved = applicationApprovedSchema.parse(response.json());
      expect(approved.data).toMatchObject({ status: 'approved', organization_id: approved.organization_id });
      expect(approved.login).toBe('petrova.ai');
      expect(approved.password.length).toBeGreaterThanOrEqual(8);

      const organization = (
        await call(app, admin, 'GET', `/api/organizations/${approved.organization_id}`)
      ).json().data;
      expect(organization).toMatchObject({
        name: FORM.organization_name,
        short_name: 'СОШ №12',
        inn: FORM.inn,
        region: FORM.region,
        balance: 0,
        director: { surname: 'Петрова', name: 'Анна', patronymic: 'Ивановна' },
      });

      // The one-time password opens nothing but its own change.
      const pending = await loginAs(app, approved.login, approved.password);
      expect((await call(app, pending, 'GET', '/api/users')).statusCode).toBe(403);
      const token = await loginWithOneTimePassword(app, approved.login, approved.password);
      const me = (await call(app, token, 'POST', '/api/auth/me')).json().data;
      expect(me.organization.id).toBe(approved.organization_id);
      const staff = (await call(app, token, 'GET', '/api/users')).json();
      expect(staff.meta.total).toBe(1);
      expect((await call(app, token, 'GET', '/api/organizations')).statusCode).toBe(403);
    });

    it('is atomic: a taken login found after the organization was inserted leaves no organization and no account', async () => {
      const { id } = (await submit(app, { ...FORM, organization_name: 'Школа с занятым логином' })).json()
        .data;
      const organizationsBefore = await countRows(sql`select count(*) as n from organizations`);
      const usersBefore = await countRows(sql`select count(*) as n from users`);
      const response = await call(app, admin, 'POST', `/api/applications/${id}/approve`, {
        ...APPROVAL,
        login: 'DIRECTOR',
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.login).toEqual(['Этот логин уже занят']);
      expect(await countRows(sql`select count(*) as n from organizations`)).toBe(organizationsBefore);
      expect(await countRows(sql`select count(*) as n from users`)).toBe(usersBefore);
      expect(
        await countRows(sql`select count(*) as n from organizations where name = 'Школа с занятым логином'`),
      ).toBe(0);
      const application = (await call(app, admin, 'GET', `/api/applications/${id}`)).json().data;
      expect(application).toMatchObject({ status: 'new', organization_id: null });
    });

    it('approval checks its body in Russian and refuses unknown dictionary ids', async () => {
      const { id } = (await submit(app, FORM)).json().data;
      const bad = await call(app, admin, 'POST', `/api/applications/${id}/approve`, {
        short_name: '',
        director_surname: '',
        director_name: 'Анна',
        login: 'а б',
      });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors).toMatchObject({
        short_name: ['Укажите краткое наименование'],
        director_surname: ['Укажите фамилию директора'],
      });
      expect(bad.json().errors.login[0]).toMatch(/^Логин/);
      const unknownType = await call(app, admin, 'POST', `/api/applications/${id}/approve`, {
        ...APPROVAL,
        type_id: 999999,
      });
      expect(unknownType.statusCode).toBe(422);
      expect(unknownType.json().errors.type_id).toEqual(['Нет такого значения в справочнике']);
      expect((await call(app, admin, 'GET', `/api/applications/${id}`)).json().data.status).toBe('new');
    });
  });
});
