import { AxiosError, type AxiosResponse } from 'axios';
import { getErrorMessage, getErrorStatus, getFieldErrors } from './errors';

function failed(status: number, data: unknown): AxiosError {
  const response = { status, data, statusText: '', headers: {}, config: {} } as AxiosResponse;
  return new AxiosError('failed', 'ERR_BAD_REQUEST', undefined, undefined, response);
}

describe('error helpers', () => {
  it('prefer the server message', () => {
    expect(getErrorMessage(failed(422, { message: 'Неверный пароль' }))).toBe('Неверный пароль');
    expect(getErrorStatus(failed(422, {}))).toBe(422);
  });

  it('explain a network failure and fall back otherwise', () => {
    expect(getErrorMessage(new AxiosError('Network Error'))).toMatch(/Нет связи/);
    expect(getErrorMessage(new Error('x'), 'Запасной текст')).toBe('Запасной текст');
  });

  it('take the first message per field', () => {
    expect(
      getFieldErrors(failed(422, { errors: { login: ['Обязательно', 'Ещё'], password: ['Коротко'] } })),
    ).toEqual({
      login: 'Обязательно',
      password: 'Коротко',
    });
  });
});
