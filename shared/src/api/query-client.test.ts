import { AxiosError, AxiosHeaders } from 'axios';
import { retryDelay, shouldRetryRead } from './query-client';

function answered(status: number): AxiosError {
  const error = new AxiosError('failed');
  error.response = { status, data: {}, statusText: '', headers: {}, config: { headers: new AxiosHeaders() } };
  return error;
}

describe('read retries', () => {
  it('retry a lost connection or a 5xx, at most three times', () => {
    const network = new AxiosError('Network Error', AxiosError.ERR_NETWORK);
    expect(shouldRetryRead(0, network)).toBe(true);
    expect(shouldRetryRead(2, answered(503))).toBe(true);
    expect(shouldRetryRead(3, network)).toBe(false);
  });

  it('never retry a 4xx: the same request gets the same refusal', () => {
    for (const status of [400, 401, 403, 404, 409, 422])
      expect(shouldRetryRead(0, answered(status))).toBe(false);
  });

  it('back off: 0.5 s, 1 s, 2 s, capped at 8 s', () => {
    expect([0, 1, 2, 10].map(retryDelay)).toEqual([500, 1000, 2000, 8000]);
  });
});
