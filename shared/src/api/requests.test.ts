import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { createApiClient } from './create-api-client';
import { createApiRequests } from './requests';

/** The app's client (real axios, real interceptors) with the transport answering `body` for any call. */
function setup(status: number, body: unknown) {
  const seen: InternalAxiosRequestConfig[] = [];
  const client = createApiClient({
    storage: { getItem: () => 'secret', removeItem: () => undefined },
    navigate: () => undefined,
  });
  client.defaults.adapter = async (config) => {
    seen.push(config);
    const response: AxiosResponse = { status, statusText: String(status), data: body, headers: {}, config };
    if (status < 300) return response;
    throw new AxiosError('failed', 'ERR_BAD_RESPONSE', config, {}, response);
  };
  return { requests: createApiRequests(client), seen };
}

describe('api requests', () => {
  it('unwrap the { data } envelope once and send what the caller gave', async () => {
    const { requests, seen } = setup(200, { data: { id: 7, name: '5А' } });
    await expect(requests.apiGet<{ id: number }>('/group/7', { params: { a: 1 } })).resolves.toEqual({
      id: 7,
      name: '5А',
    });
    await requests.apiPut('/group/7', { name: '5Б' });
    await requests.apiPost('/group', { name: '6А' });
    await requests.apiPatch('/group/7', { name: '6Б' });
    await requests.apiDelete('/group/7');
    expect(seen.map((config) => [config.method, config.url, config.data ?? null])).toEqual([
      ['get', '/group/7', null],
      ['put', '/group/7', '{"name":"5Б"}'],
      ['post', '/group', '{"name":"6А"}'],
      ['patch', '/group/7', '{"name":"6Б"}'],
      ['delete', '/group/7', null],
    ]);
    expect(seen[0].params).toEqual({ a: 1 });
    expect(seen[0].headers.Authorization).toBe('Bearer secret');
  });

  it('keep an envelope inside the envelope (GET /api/bell answers data.data)', async () => {
    const { requests } = setup(200, { data: { data: [1, 2] } });
    await expect(requests.apiGet('/bell')).resolves.toEqual({ data: [1, 2] });
  });

  it('answer undefined for an empty answer (204)', async () => {
    const { requests } = setup(204, '');
    await expect(requests.apiDelete('/group/7')).resolves.toBeUndefined();
  });

  it('reject with the axios error, so 409 and 422 bodies reach the caller', async () => {
    const { requests } = setup(409, { message: 'Конфликт', data: [] });
    const error = await requests.apiPut('/journal/cells', {}).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(AxiosError);
    expect((error as AxiosError).response?.data).toEqual({ message: 'Конфликт', data: [] });
  });
});
