import { isIP } from 'node:net';

/**
 * `TRUST_PROXY`: whose X-Forwarded-For the API believes when it takes a client's IP (the sign-in
 * throttle counts per IP). A list of balancer addresses or networks (`127.0.0.1,10.0.0.0/8`) trusts
 * only those: a client that reaches the API around the balancer cannot pick its own IP and escape
 * the throttle. `1`/`true` trusts any sender, for an API that only the balancer can reach.
 */
export type TrustProxy = boolean | string;

const MESSAGE =
  'TRUST_PROXY: укажите 1 (доверять любому отправителю) или адреса балансировщиков через запятую, например 127.0.0.1,10.0.0.0/8';

/** One address or network: an IPv4/IPv6 address with an optional prefix length that fits it. */
function isAddressOrNetwork(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** The Fastify `trustProxy` option from the variable; a malformed value stops the start with a Russian message. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text === '0' || text === 'false') return false;
  if (text === '1' || text === 'true') return true;
  const entries = text.split(',').map((entry) => entry.trim());
  if (entries.some((entry) => !isAddressOrNetwork(entry))) throw new Error(MESSAGE);
  return entries.join(',');
}
