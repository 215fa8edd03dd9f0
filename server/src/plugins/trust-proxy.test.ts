import Fastify from 'fastify';
import { parseTrustProxy } from './trust-proxy';

describe('TRUST_PROXY', () => {
  it('is off unless set', () => {
    for (const value of [undefined, '', ' ', '0', 'false']) expect(parseTrustProxy(value)).toBe(false);
  });

  it('trusts any sender only when asked to with 1 or true', () => {
    expect(parseTrustProxy('1')).toBe(true);
    expect(parseTrustProxy('true')).toBe(true);
  });

  it('takes a list of balancer addresses and networks, IPv4 and IPv6', () => {
    expect(parseTrustProxy(' 127.0.0.1, 10.0.0.0/8 ,::1,fd00::/8')).toBe('127.0.0.1,10.0.0.0/8,::1,fd00::/8');
  });

  it('refuses what is not an address or network, in Russian', () => {
    for (const value of [
      'yes',
      '2',
      '127.0.0.1,balancer',
      '10.0.0.0/33',
      '::1/129',
      '10.0.0.0/8/1',
      '10.0.0.0/x',
    ]) {
      expect(() => parseTrustProxy(value)).toThrow(/^TRUST_PROXY: укажите 1/);
    }
  });

  it('a listed balancer sets the client IP; a sender not listed cannot forge one', async () => {
    const app = Fastify({ trustProxy: parseTrustProxy('10.1.2.3') });
    app.get('/ip', async (request) => ({ ip: request.ip }));
    const ipVia = async (remoteAddress: string) =>
      (
        await app.inject({
          url: '/ip',
          remoteAddress,
          headers: { 'x-forwarded-for': '203.0.113.7' },
        })
      ).json().ip;
    expect(await ipVia('10.1.2.3')).toBe('203.0.113.7');
    expect(await ipVia('198.51.100.9')).toBe('198.51.100.9');
    await app.close();
  });
});
