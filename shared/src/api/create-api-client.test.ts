import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { type ApiRedirect, createApiClient, TOKEN_STORAGE_KEY } from './create-api-client';

type Reply = (config: InternalAxiosRequestConfig) => Promise<AxiosResponse>;

/** A real axios instance whose transport is replaced by `reply`; everything else is axios. */
function setup(reply: Reply, token: string | null = 'secret') {
  const store = new Map<string, string>();
  if (token) store.set(TOKEN_STORAGE_KEY, token);
  const storage = {
    getItem: (key: string) => store.get(key) ?? null,
    removeItem: (key: string) => void store.delete(key),
  };
  const navigate = jest.fn<void, [ApiRedirect]>();
  const onTokenRemoved = jest.fn();
  const seen: InternalAxiosRequestConfig[] = [];
  const client = createApiClient({ storage, navigate, onTokenRemoved });
  client.defaults.adapter = (config) => {
    seen.push(config);
    return reply(config);
  };
  return { client, store, navigate, onTokenRemoved, seen };
}

/** Answers like a server: 2xx resolve, the rest reject as axios does with validateStatus. */
function answer(status: number, data: unknown = {}): Reply {
  return async (config) => {
    const response: AxiosResponse = { status, statusText: String(status), data, headers: {}, config };
    if (status >= 200 && status < 300) return response;
    throw new AxiosError(
      `Request failed with status code ${status}`,
      'ERR_BAD_RESPONSE',
      config,
      {},
      response,
    );
  };
}

describe('createApiClient', () => {
  it('calls under /api with the bearer token and no timeout', async () => {
    const { client, seen } = setup(answer(200, { data: { ok: true } }));
    const response = await client.post('/auth/me');
    expect(response.data).toEqual({ data: { ok: true } });
    expect(seen[0].baseURL).toBe('/api');
    expect(seen[0].url).toBe('/auth/me');
    expect(seen[0].timeout).toBe(0);
    expect(seen[0].headers.get('Authorization')).toBe('Bearer secret');
  });

  it('sends no Authorization header without a stored token', async () => {
    const { client, seen } = setup(answer(200), null);
    await client.get('/users');
    expect(seen[0].headers.get('Authorization')).toBeUndefined();
  });

  it('on 401 removes the token, goes to /login and still rejects', async () => {
    const { client, store, navigate, onTokenRemoved } = setup(answer(401, { message: 'Требуется вход' }));
    await expect(client.get('/users')).rejects.toMatchObject({ response: { status: 401 } });
    expect(store.has(TOKEN_STORAGE_KEY)).toBe(false);
    expect(onTokenRemoved).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('on 402 goes to /payment-required, keeps the token and rejects', async () => {
    const { client, store, navigate } = setup(answer(402));
    await expect(client.get('/group')).rejects.toMatchObject({ response: { status: 402 } });
    expect(navigate).toHaveBeenCalledWith('/payment-required');
    expect(store.get(TOKEN_STORAGE_KEY)).toBe('secret');
  });

  it('on 403 goes to /access and rejects', async () => {
    const { client, navigate } = setup(answer(403));
    await expect(client.get('/organizations')).rejects.toMatchObject({ response: { status: 403 } });
    expect(navigate).toHaveBeenCalledWith('/access');
  });

  it('passes other statuses on without redirecting', async () => {
    const { client, navigate, store } = setup(answer(422, { message: 'Ошибка' }));
    await expect(client.put('/organizations/settings', [])).rejects.toMatchObject({
      response: { status: 422 },
    });
    const failing = setup(answer(500));
    await expect(failing.client.get('/x')).rejects.toMatchObject({ response: { status: 500 } });
    expect(navigate).not.toHaveBeenCalled();
    expect(failing.navigate).not.toHaveBeenCalled();
    expect(store.get(TOKEN_STORAGE_KEY)).toBe('secret');
  });

  it('reports a failure without an answer as "Network Error"', async () => {
    const { client, navigate } = setup(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(client.get('/users')).rejects.toMatchObject({
      message: 'Network Error',
      code: 'ERR_NETWORK',
    });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('keeps the "Network Error" of axios itself', async () => {
    const { client } = setup(async (config) => {
      throw new AxiosError('socket hang up', AxiosError.ERR_NETWORK, config);
    });
    await expect(client.get('/users')).rejects.toMatchObject({ message: 'Network Error' });
  });
});
