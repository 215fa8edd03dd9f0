import {
  balanceHistoryResponseSchema,
  registryListResponseSchema,
  registryOrganizationSchema,
} from '@parta/shared/domain/contracts/registry';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { call, createTestApp, loginAs } from '../../../test/helpers';

const NEW_SCHOOL = {
  name: 'Муниципальное бюджетное общеобразовательное учреждение «Лицей №5»',
  short_name: 'Лицей №5',
  inn: '5024077770',
  kpp: '502401001',
  ogrn: '1025000000013',
  address: 'Московская обл., г. Красногорск, ул. Ленина, д. 5',
  region: 'Московская область',
};

describe('registry: organizations, balance, dictionaries', () => {
  let app: FastifyInstance;
  let admin: string;
  let director: string;
  let director2: string;
  let school1Id: number;
  let school2Id: number;

  beforeAll(async () => {
    app = await createTestApp();
    [admin, director, director2] = await Promise.all(
      ['admin', 'director', 'director2'].map((login) => loginAs(app, login)),
    );
    school1Id = (await call(app, director, 'POST', '/api/auth/me')).json().data.organization.id;
    school2Id = (await call(app, director2, 'POST', '/api/auth/me')).json().data.organization.id;
  });
  afterAll(async () => {
    await app.close();
  });

  /** The balance column read back as text: what PostgreSQL stores, not a float's rendering of it. */
  async function storedBalance(id: number): Promise<string> {
    const result = await app.db.execute(
      sql`select balance::text as balance from organizations where id = ${id}`,
    );
    return (result as unknown as { rows: { balance: string }[] }).rows[0].balance;
  }

  describe('keys', () => {
    // Every row has three items: jest takes a test function with more parameters than items for a `done` callback.
    const adminRoutes: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: () => string, body: unknown][] = [
      ['GET', () => '/api/organizations', undefined],
      ['POST', () => '/api/organizations', NEW_SCHOOL],
      ['GET', () => `/api/organizations/${school1Id}`, undefined],
      ['PUT', () => `/api/organizations/${school1Id}`, NEW_SCHOOL],
      ['PUT', () => `/api/organizations/${school1Id}/status`, { status: 'blocked' }],
      [
        'POST',
        () => `/api/organizations/${school1Id}/balance-transactions`,
        { operation: 'top_up', amount: 100, comment: 'сам себе' },
      ],
      ['GET', () => `/api/organizations/${school1Id}/balance-transactions`, undefined],
      ['POST', () => '/api/organization-types', { name: 'Новый тип' }],
      ['PUT', () => '/api/organization-forms/1', { name: 'Новая форма' }],
      ['DELETE', () => '/api/organization-kinds/1', undefined],
    ];

    it.each(adminRoutes)('a school director gets 403 on %s', async (method, url, body) => {
      const response = await call(app, director, method, url(), body);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('Недостаточно прав');
    });

    it('a visitor without a token gets 401', async () => {
      expect((await call(app, undefined, 'GET', '/api/organizations')).statusCode).toBe(401);
    });
  });

  describe('GET /api/organizations', () => {
    it('answers the top of the tree in the paginated envelope, with requisites, director and balances', async () => {
      const response = await call(app, admin, 'GET', '/api/organizations');
      expect(response.statusCode).toBe(200);
      const body = registryListResponseSchema.parse(response.json());
      expect(body.meta).toEqual({ current_page: 1, per_page: 15, total: 3, last_page: 1 });
      expect(body.data.map((row) => row.short_name)).toEqual(['Парта', 'Гимназия №2', 'МБОУ СОШ №1']);
      const school1 = body.data.find((row) => row.id === school1Id)!;
      expect(school1).toMatchObject({
        inn: '5024012340',
        kpp: '502401001',
        region: 'Московская область',
        status: 'active',
        balance: 15400,
        bonus_balance: 2500,
        children_count: 1,
        parent_id: null,
        director: { surname: 'Кузнецова', name: 'Елена', patronymic: 'Викторовна' },
      });
    });

    it('answers the children of parent_id, with the parent named', async () => {
      const body = (await call(app, admin, 'GET', `/api/organizations?parent_id=${school1Id}`)).json();
      expect(body.data).toHaveLength(1);
      expect(body.data[0]).toMatchObject({ parent_id: school1Id, parent_short_name: 'МБОУ СОШ №1' });
    });

    it('searches every level by name and ИНН, and filters by region, type, status and a negative balance', async () => {
      const byName = (await call(app, admin, 'GET', '/api/organizations?search=берёзовка')).json();
      expect(byName.data.map((row: { short_name: string }) => row.short_name)).toEqual([
        'Филиал СОШ №1 (Берёзовка)',
      ]);
      const byInn = (await call(app, admin, 'GET', '/api/organizations?search=5024012340')).json();
      expect(byInn.meta.total).toBe(2);
      const byRegion = (await call(app, admin, 'GET', '/api/organizations?region=москва')).json();
      expect(byRegion.data.map((row: { short_name: string }) => row.short_name)).toContain('Парта');
      const typeId = (await call(app, admin, 'GET', `/api/organizations/${school2Id}`)).json().data.type_id;
      const byType = (await call(app, admin, 'GET', `/api/organizations?type_id=${typeId}`)).json();
      expect(byType.meta.total).toBe(3);
      const blocked = (await call(app, admin, 'GET', '/api/organizations?status=blocked')).json();
      expect(blocked.meta.total).toBe(0);
      const negative = (await call(app, admin, 'GET', '/api/organizations?negative_balance=1')).json();
      expect(negative.meta.total).toBe(0);
    });

    it('pages: per_page 1, page 2', async () => {
      const body = (await call(app, admin, 'GET', '/api/organizations?page=2&per_page=1')).json();
      expect(body.meta).toEqual({ current_page: 2, per_page: 1, total: 3, last_page: 3 });
      expect(body.data[0].short_name).toBe('Гимназия №2');
    });

    it('answers 422 in Russian for bad filters', async () => {
      const response = await call(app, admin, 'GET', '/api/organizations?status=deleted&parent_id=abc');
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.status).toEqual(['Неизвестный статус']);
      expect(response.json().errors.parent_id).toBeDefined();
    });
  });

  describe('create, edit, add a child, block', () => {
    let createdId: number;

    it('creates an organization and answers it with 201', async () => {
      const response = await call(app, admin, 'POST', '/api/organizations', NEW_SCHOOL);
      expect(response.statusCode).toBe(201);
      const organization = registryOrganizationSchema.parse(response.json().data);
      expect(organization).toMatchObject({
        ...NEW_SCHOOL,
        parent_id: null,
        status: 'active',
        balance: 0,
        bonus_balance: 0,
        director: null,
        children_count: 0,
      });
      createdId = organization.id;
    });

    it('adds a child organization under a parent', async () => {
      const response = await call(app, admin, 'POST', '/api/organizations', {
        ...NEW_SCHOOL,
        name: 'Филиал Лицея №5',
        short_name: 'Филиал Лицея №5',
        kpp: '502402001',
        ogrn: null,
        parent_id: createdId,
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().data).toMatchObject({ parent_id: createdId, parent_short_name: 'Лицей №5' });
      expect(
        (await call(app, admin, 'GET', `/api/organizations/${createdId}`)).json().data.children_count,
      ).toBe(1);
    });

    it('checks the ИНН and ОГРН control digits, КПП, required names and dictionary ids (422 in Russian)', async () => {
      const response = await call(app, admin, 'POST', '/api/organizations', {
        ...NEW_SCHOOL,
        name: '  ',
        inn: '5024077771',
        kpp: '123',
        ogrn: '1025000000014',
        type_id: 999999,
      });
      expect(response.statusCode).toBe(422);
      const { errors } = response.json();
      expect(errors.name).toEqual(['Укажите полное наименование']);
      expect(errors.inn).toEqual(['Неверный ИНН: не сходится контрольная цифра']);
      expect(errors.kpp).toEqual(['КПП — 9 символов']);
      expect(errors.ogrn).toEqual(['Неверный ОГРН: не сходится контрольная цифра']);

      const dictionary = await call(app, admin, 'POST', '/api/organizations', {
        ...NEW_SCHOOL,
        type_id: 999999,
      });
      expect(dictionary.statusCode).toBe(422);
      expect(dictionary.json().errors.type_id).toEqual(['Нет такого значения в справочнике']);

      const parent = await call(app, admin, 'POST', '/api/organizations', {
        ...NEW_SCHOOL,
        parent_id: 999999,
      });
      expect(parent.statusCode).toBe(422);
      expect(parent.json().errors.parent_id).toEqual(['Родительская организация не найдена']);

      const tooBig = await call(app, admin, 'POST', '/api/organizations', {
        ...NEW_SCHOOL,
        parent_id: 2 ** 31,
      });
      expect(tooBig.statusCode).toBe(422);
      expect(tooBig.json().errors.parent_id).toEqual(['Неверный идентификатор']);
    });

    it('edits the requisites', async () => {
      const response = await call(app, admin, 'PUT', `/api/organizations/${createdId}`, {
        ...NEW_SCHOOL,
        short_name: 'Лицей №5 им. Пушкина',
        address: null,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ short_name: 'Лицей №5 им. Пушкина', address: null });
      expect((await call(app, admin, 'PUT', '/api/organizations/999999', NEW_SCHOOL)).statusCode).toBe(404);
    });

    it('blocks: the school’s users get 403 with the reason, the platform cannot be blocked; unblock restores', async () => {
      const blocked = await call(app, admin, 'PUT', `/api/organizations/${school2Id}/status`, {
        status: 'blocked',
      });
      expect(blocked.statusCode).toBe(200);
      expect(blocked.json().data.status).toBe('blocked');
      const refused = await call(app, director2, 'GET', '/api/users');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toMatch(/приостановлена/);
      expect((await call(app, director, 'GET', '/api/users')).statusCode).toBe(200);
      const list = (await call(app, admin, 'GET', '/api/organizations?status=blocked')).json();
      expect(list.data.map((row: { id: number }) => row.id)).toEqual([school2Id]);

      const platformId = (await call(app, admin, 'POST', '/api/auth/me')).json().data.organization.id;
      const platform = await call(app, admin, 'PUT', `/api/organizations/${platformId}/status`, {
        status: 'blocked',
      });
      expect(platform.statusCode).toBe(422);
      expect(platform.json().errors.status).toEqual(['Организацию платформы заблокировать нельзя']);

      await call(app, admin, 'PUT', `/api/organizations/${school2Id}/status`, { status: 'active' });
      expect((await call(app, director2, 'GET', '/api/users')).statusCode).toBe(200);
    });
  });

  describe('balance', () => {
    const operation = (id: number, body: unknown) =>
      call(app, admin, 'POST', `/api/organizations/${id}/balance-transactions`, body);

    it('validates the operation, the amount and the comment (422 in Russian), 404 for an unknown id', async () => {
      const cases: [unknown, string, string][] = [
        [{ operation: 'top_up', amount: 0, comment: 'x' }, 'amount', 'Сумма должна быть больше нуля'],
        [{ operation: 'top_up', amount: -5, comment: 'x' }, 'amount', 'Сумма должна быть больше нуля'],
        [
          { operation: 'top_up', amount: 1.234, comment: 'x' },
          'amount',
          'Не больше двух знаков после запятой',
        ],
        [{ operation: 'top_up', amount: 'много', comment: 'x' }, 'amount', 'Укажите сумму числом'],
        [{ operation: 'top_up', amount: 1e12, comment: 'x' }, 'amount', 'Слишком большая сумма'],
        [{ operation: 'gift', amount: 5, comment: 'x' }, 'operation', 'Выберите операцию'],
        [{ operation: 'top_up', amount: 5, comment: ' ' }, 'comment', 'Укажите комментарий'],
      ];
      for (const [body, field, message] of cases) {
        const response = await operation(school2Id, body);
        expect(response.statusCode).toBe(422);
        expect(response.json().errors[field]).toEqual([message]);
      }
      expect((await operation(999999, { operation: 'top_up', amount: 5, comment: 'x' })).statusCode).toBe(
        404,
      );
    });

    it('is exact: 1,000 top-ups of 0.10 add exactly 100.00', async () => {
      const { id } = (
        await call(app, admin, 'POST', '/api/organizations', { ...NEW_SCHOOL, short_name: 'Копейки' })
      ).json().data;
      // Twenty at a time: concurrent top-ups must not lose an update either.
      for (let batch = 0; batch < 50; batch += 1) {
        const responses = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            operation(id, { operation: 'top_up', amount: 0.1, comment: `Пополнение ${batch * 20 + i + 1}` }),
          ),
        );
        expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(201));
      }
      expect(await storedBalance(id)).toBe('100.00');
      const organization = (await call(app, admin, 'GET', `/api/organizations/${id}`)).json().data;
      expect(organization.balance).toBe(100);
      const history = balanceHistoryResponseSchema.parse(
        (await call(app, admin, 'GET', `/api/organizations/${id}/balance-transactions?per_page=100`)).json(),
      );
      expect(history.meta.total).toBe(1000);
      expect(history.data[0]).toMatchObject({
        kind: 'balance',
        amount: 0.1,
        created_by: { surname: 'Соколов', name: 'Андрей' },
      });
      // Charges of 0.30 three times from 100.00 leave exactly 99.10.
      for (let i = 0; i < 3; i += 1)
        await operation(id, { operation: 'charge', amount: 0.3, comment: 'Списание' });
      expect(await storedBalance(id)).toBe('99.10');
    }, 300_000);

    it('bonuses: add and remove, never below zero', async () => {
      const added = await operation(school2Id, { operation: 'bonus_add', amount: 300.5, comment: 'Акция' });
      expect(added.statusCode).toBe(201);
      expect(added.json().data.bonus_balance).toBe(300.5);
      const tooMuch = await operation(school2Id, { operation: 'bonus_remove', amount: 300.51, comment: 'x' });
      expect(tooMuch.statusCode).toBe(422);
      expect(tooMuch.json().errors.amount).toEqual(['Бонусов меньше, чем списывается']);
      const removed = await operation(school2Id, {
        operation: 'bonus_remove',
        amount: 300.5,
        comment: 'Отмена',
      });
      expect(removed.json().data.bonus_balance).toBe(0);
      const history = (
        await call(app, admin, 'GET', `/api/organizations/${school2Id}/balance-transactions`)
      ).json();
      expect(
        history.data.slice(0, 2).map((row: { kind: string; amount: number }) => [row.kind, row.amount]),
      ).toEqual([
        ['bonus', -300.5],
        ['bonus', 300.5],
      ]);
    });

    it('a balance below zero answers 402 to the school, a top-up lifts it at once', async () => {
      const charged = await operation(school2Id, {
        operation: 'charge',
        amount: 5000,
        comment: 'Списание за ноябрь',
      });
      expect(charged.statusCode).toBe(201);
      expect(charged.json().data.balance).toBe(-1800);
      const blocked = await call(app, director2, 'GET', '/api/users');
      expect(blocked.statusCode).toBe(402);
      expect(blocked.json().message).toMatch(/баланс/);
      // The school can still see who it is and its balance, to know why.
      const me = await call(app, director2, 'POST', '/api/auth/me');
      expect(me.json().data.organization.balance).toBe(-1800);
      expect((await call(app, director, 'GET', '/api/users')).statusCode).toBe(200);
      const negative = (await call(app, admin, 'GET', '/api/organizations?negative_balance=1')).json();
      expect(negative.data.map((row: { id: number }) => row.id)).toEqual([school2Id]);

      const topUp = await operation(school2Id, { operation: 'top_up', amount: 2000.5, comment: 'Оплата' });
      expect(topUp.json().data.balance).toBe(200.5);
      expect((await call(app, director2, 'GET', '/api/users')).statusCode).toBe(200);
    });

    it('the platform organization never gets 402', async () => {
      const platformId = (await call(app, admin, 'POST', '/api/auth/me')).json().data.organization.id;
      await operation(platformId, { operation: 'charge', amount: 10, comment: 'Проверка' });
      expect((await call(app, admin, 'GET', '/api/users')).statusCode).toBe(200);
    });
  });

  describe('dictionaries', () => {
    it.each(['types', 'forms', 'kinds'])(
      'GET /api/organization-%s answers {data: [{id, name}]} to any signed-in user',
      async (kind) => {
        const response = await call(app, director, 'GET', `/api/organization-${kind}`);
        expect(response.statusCode).toBe(200);
        const { data } = response.json();
        expect(data.length).toBeGreaterThan(2);
        expect(Object.keys(data[0]).sort()).toEqual(['id', 'name']);
      },
    );

    it('the administrator adds, renames and deletes an unused item; a used one answers 409', async () => {
      const created = await call(app, admin, 'POST', '/api/organization-kinds', { name: 'Кадетская школа' });
      expect(created.statusCode).toBe(201);
      const { id } = created.json().data;
      const duplicate = await call(app, admin, 'POST', '/api/organization-kinds', {
        name: 'кадетская школа',
      });
      expect(duplicate.statusCode).toBe(422);
      expect(duplicate.json().errors.name).toEqual(['Такое значение уже есть в справочнике']);
      const renamed = await call(app, admin, 'PUT', `/api/organization-kinds/${id}`, {
        name: 'Кадетский корпус',
      });
      expect(renamed.json().data).toEqual({ id, name: 'Кадетский корпус' });
      expect((await call(app, admin, 'POST', '/api/organization-kinds', { name: '' })).statusCode).toBe(422);
      expect((await call(app, admin, 'DELETE', `/api/organization-kinds/${id}`)).statusCode).toBe(204);
      expect((await call(app, admin, 'DELETE', `/api/organization-kinds/${id}`)).statusCode).toBe(404);

      const usedTypeId = (await call(app, admin, 'GET', `/api/organizations/${school1Id}`)).json().data
        .type_id;
      const used = await call(app, admin, 'DELETE', `/api/organization-types/${usedTypeId}`);
      expect(used.statusCode).toBe(409);
      expect(used.json().message).toMatch(/используется/);
    });
  });
});
