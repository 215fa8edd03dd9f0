import {
  parentCreatedSchema,
  parentOptionSchema,
  type StudentListItem,
  studentSchema,
} from '@parta/shared/domain/contracts/people';
import type { FastifyInstance } from 'fastify';
import { call, createTestApp, loginAs } from '../../../test/helpers';

let app: FastifyInstance;
const tokens: Record<string, string> = {};
let students: StudentListItem[];

beforeAll(async () => {
  app = await createTestApp();
  for (const login of ['director', 'director2', 'teacher', 'parent'])
    tokens[login] = await loginAs(app, login);
  students = (await call(app, tokens.director, 'GET', '/api/students?per_page=5')).json().data;
}, 120_000);

afterAll(async () => {
  await app.close();
});

const card = async (id: number) =>
  studentSchema.parse((await call(app, tokens.director, 'GET', `/api/students/${id}`)).json().data);

describe('parents on the student card', () => {
  it('adds a new parent with a diary login whose password signs in once shown', async () => {
    const student = students[1];
    const response = await call(app, tokens.director, 'POST', `/api/students/${student.id}/parents`, {
      surname: 'Соколова',
      name: 'Марина',
      patronymic: 'Олеговна',
      phone: '+7 912 345-67-89',
      email: '',
    });
    expect(response.statusCode).toBe(201);
    const body = parentCreatedSchema.parse(response.json());
    expect(body.login).toMatch(/^sokolova\.mo\d*$/);
    expect(body.data).toMatchObject({ surname: 'Соколова', phone: '+7 912 345-67-89', login: body.login });
    expect((await card(student.id)).parents.map((parent) => parent.id)).toContain(body.data.id);

    const parentToken = await loginAs(app, body.login, body.password);
    const me = (await call(app, parentToken, 'POST', '/api/auth/me')).json().data;
    expect(me.roles.map((role: { code: string }) => role.code)).toEqual(['parent']);
    expect(me.organization.id).toBe(student.organization_id);
  });

  it('validates the parent in Russian', async () => {
    const response = await call(app, tokens.director, 'POST', `/api/students/${students[1].id}/parents`, {
      surname: ' ',
      email: 'не-почта',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toMatchObject({
      surname: ['Укажите фамилию'],
      name: ['Укажите имя'],
      email: ['Неверный адрес электронной почты'],
    });
  });

  it('finds a sibling’s parent by surname or phone and links them to a second child', async () => {
    const [first, second] = [students[2], students[3]];
    const created = parentCreatedSchema.parse(
      (
        await call(app, tokens.director, 'POST', `/api/students/${first.id}/parents`, {
          surname: 'Белоусов',
          name: 'Игорь',
          phone: '8 (903) 111-22-33',
        })
      ).json(),
    );
    const bySurname = (await call(app, tokens.director, 'GET', '/api/students/parents?search=белоус')).json();
    const option = parentOptionSchema.parse(bySurname.data[0]);
    expect(option.id).toBe(created.data.id);
    expect(option.children).toEqual([expect.stringContaining(first.surname)]);
    const byPhone = (await call(app, tokens.director, 'GET', '/api/students/parents?search=1112233')).json();
    expect(byPhone.data.map((parent: { id: number }) => parent.id)).toContain(created.data.id);

    const linked = await call(
      app,
      tokens.director,
      'PUT',
      `/api/students/${second.id}/parents/${created.data.id}`,
    );
    expect(linked.statusCode).toBe(200);
    expect(linked.json().data.id).toBe(created.data.id);
    expect((await card(second.id)).parents.map((parent) => parent.id)).toContain(created.data.id);
    const again = await call(
      app,
      tokens.director,
      'PUT',
      `/api/students/${second.id}/parents/${created.data.id}`,
    );
    expect(again.statusCode).toBe(409);

    // Unlinking from one child keeps the account while another child remains; the last unlink ends sign-in.
    expect(
      (await call(app, tokens.director, 'DELETE', `/api/students/${second.id}/parents/${created.data.id}`))
        .statusCode,
    ).toBe(200);
    await expect(loginAs(app, created.login, created.password)).resolves.toEqual(expect.any(String));
    expect(
      (await call(app, tokens.director, 'DELETE', `/api/students/${first.id}/parents/${created.data.id}`))
        .statusCode,
    ).toBe(200);
    await expect(loginAs(app, created.login, created.password)).rejects.toThrow(/422/);
    expect((await card(first.id)).parents.map((parent) => parent.id)).not.toContain(created.data.id);
  });

  it('links only users with the Родитель role and answers 404 for an unlinked parent', async () => {
    const teacher = (await call(app, tokens.teacher, 'POST', '/api/auth/me')).json().data;
    const student = students[4];
    expect(
      (await call(app, tokens.director, 'PUT', `/api/students/${student.id}/parents/${teacher.id}`))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(app, tokens.director, 'DELETE', `/api/students/${student.id}/parents/${teacher.id}`))
        .statusCode,
    ).toBe(404);
  });

  it('asks for at least 2 characters to search', async () => {
    const response = await call(app, tokens.director, 'GET', '/api/students/parents?search=а');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.search).toEqual(['Не короче 2 символов']);
  });

  it('guards the keys: a parent cannot search parents or add one', async () => {
    expect((await call(app, tokens.parent, 'GET', '/api/students/parents?search=Иван')).statusCode).toBe(403);
    expect(
      (
        await call(app, tokens.parent, 'POST', `/api/students/${students[1].id}/parents`, {
          surname: 'А',
          name: 'Б',
        })
      ).statusCode,
    ).toBe(403);
  });

  it('director2 cannot see, add, link or unlink parents of school №1', async () => {
    const student = students[0];
    const existing = parentCreatedSchema.parse(
      (
        await call(app, tokens.director, 'POST', `/api/students/${student.id}/parents`, {
          surname: 'Широкова',
          name: 'Анна',
        })
      ).json(),
    ).data;
    const search = await call(
      app,
      tokens.director2,
      'GET',
      `/api/students/parents?search=${encodeURIComponent(existing.surname)}`,
    );
    expect(search.statusCode).toBe(200);
    expect(search.json().data.map((parent: { id: number }) => parent.id)).not.toContain(existing.id);
    const body = { surname: 'Взлом', name: 'Попытка' };
    expect(
      (await call(app, tokens.director2, 'POST', `/api/students/${student.id}/parents`, body)).statusCode,
    ).toBe(404);
    expect(
      (await call(app, tokens.director2, 'PUT', `/api/students/${student.id}/parents/${existing.id}`))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(app, tokens.director2, 'DELETE', `/api/students/${student.id}/parents/${existing.id}`))
        .statusCode,
    ).toBe(404);
    expect((await card(student.id)).parents.map((parent) => parent.id)).toContain(existing.id);

    // Nor can director2 link school №1's parent to a student of Гимназия №2.
    const own = (await call(app, tokens.director2, 'GET', '/api/students?per_page=1')).json().data[0];
    expect(
      (await call(app, tokens.director2, 'PUT', `/api/students/${own.id}/parents/${existing.id}`)).statusCode,
    ).toBe(404);
  });
});
