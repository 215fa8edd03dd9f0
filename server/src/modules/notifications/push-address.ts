import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction, type Socket } from 'node:net';

/**
 * The guard of push endpoints (issue 48): the server POSTs to the address a browser gave, so that
 * address must never lead into our own network. An endpoint is accepted when its host is a known
 * browser push service (or one the school's administrator added with `PUSH_ALLOWED_HOSTS`) and
 * every address it resolves to is public: no loopback, private, link-local (the cloud metadata
 * service 169.254.169.254), unique-local, CGNAT, multicast or reserved one. The check runs when a
 * device subscribes and again on every delivery, on the address the socket actually connects to
 * (a name resolved to a public address at subscription may resolve to 127.0.0.1 later: DNS
 * rebinding). Redirects are never followed. `PUSH_ALLOW_HTTP=1` admits `http://127.0.0.1[:port]`
 * only, for tests that stand up their own push service.
 */

/** The push services of the browsers: Chrome/Edge-on-Android (FCM), Firefox, Edge/Windows, Safari. */
export const KNOWN_PUSH_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.notify.windows.com',
  'web.push.apple.com',
  '*.push.apple.com',
] as const;

/** What the guard needs of the push settings. */
export interface PushAddressSettings {
  allowHttp: boolean;
  /** Hosts beyond KNOWN_PUSH_HOSTS (`host` exactly, `*.domain` any name under it). */
  allowedHosts?: readonly string[];
}

/** `PUSH_ALLOWED_HOSTS`: hosts separated by commas or spaces, lower-cased. */
export function allowedHostsFromEnv(value: string | undefined): string[] {
  return (value ?? '')
    .split(/[\s,]+/)
    .map((host) => host.trim().toLowerCase().replace(/\.$/, ''))
    .filter(Boolean);
}

export const PUSH_HTTPS_ONLY = 'Адрес подписки должен начинаться с https://';
export const PUSH_INTERNAL_ADDRESS =
  'Адрес подписки ведёт во внутреннюю сеть: сервер не отправляет туда push';
export const pushUnknownHost = (host: string) =>
  `«${host}» — не служба push браузера. Сервер отправляет push только службам Chrome, Firefox, Edge и Safari; другие адреса добавляет администратор сервера (PUSH_ALLOWED_HOSTS)`;
export const pushUnresolved = (host: string) =>
  `Сервер не нашёл адрес службы push «${host}». Попробуйте включить push позже`;

/** An endpoint the guard refuses; `message` is Russian, for the person turning push on. */
export class PushAddressError extends Error {}

const blockedV4 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // CGNAT (shared address space)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata 169.254.169.254
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  blockedV4.addSubnet(net, prefix, 'ipv4');

/** The 8 groups of an IPv6 address (with an embedded dotted IPv4 tail), or null if it is not one. */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase().split('%')[0];
  const dotted = text.match(/^(.*:)(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    if (isIP(dotted[2]) !== 4) return null;
    const [a, b, c, d] = dotted[2].split('.').map(Number);
    text = `${dotted[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const part = (half: string) =>
    half === '' ? [] : half.split(':').map((group) => Number.parseInt(group, 16));
  const head = part(halves[0]);
  const tail = halves.length === 2 ? part(halves[1]) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array(halves.length === 2 ? missing : 0).fill(0), ...tail];
  return groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : null;
}

const v4Of = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;

/**
 * Whether `address` (an IP literal, v4 or v6, brackets allowed) is one the server must not call.
 * IPv6: only global unicast (2000::/3) passes, minus documentation and Teredo; IPv4 carried inside
 * (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16) is judged as that IPv4 address.
 */
export function isBlockedAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const kind = isIP(bare);
  if (kind === 4) return blockedV4.check(bare, 'ipv4');
  if (kind !== 6) return true;
  const groups = ipv6Groups(bare);
  if (!groups) return true;
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff)
    return isBlockedAddress(v4Of(groups[6], groups[7]));
  if (groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((group) => group === 0))
    return isBlockedAddress(v4Of(groups[6], groups[7]));
  if (groups[0] === 0x2002) return isBlockedAddress(v4Of(groups[1], groups[2]));
  if ((groups[0] & 0xe000) !== 0x2000) return true; // not global unicast: ::1, fc00::/7, fe80::/10, ff00::/8…
  if (groups[0] === 0x2001 && (groups[1] === 0x0db8 || groups[1] === 0)) return true; // documentation, Teredo
  return false;
}

const hostMatches = (host: string, pattern: string) =>
  pattern.startsWith('*.')
    ? host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1
    : host === pattern;

/** Whether `host` (lower case, no trailing dot) is a known push service or an added one. */
export function isAllowedPushHost(host: string, extra: readonly string[] = []): boolean {
  return [...KNOWN_PUSH_HOSTS, ...extra].some((pattern) => hostMatches(host, pattern));
}

/** The test allowance: exactly `http://127.0.0.1[:port]`, and only with PUSH_ALLOW_HTTP. */
const isTestEndpoint = (url: URL, settings: PushAddressSettings) =>
  settings.allowHttp && url.protocol === 'http:' && url.hostname === '127.0.0.1';

/** The host of `endpoint` as the guard reads it (IPv6 without brackets, no trailing dot). */
const hostOf = (url: URL) =>
  url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();

/**
 * What can be said of an endpoint without resolving it: null when it may go on to DNS (or is the
 * test allowance), else the Russian reason. A name (`localhost` too) is judged by what it resolves to. The URL parser has already read `0x7f000001` and
 * `2130706433` as 127.0.0.1, so those are judged as the address they are.
 */
export function endpointProblem(endpoint: string, settings: PushAddressSettings): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'Неверный адрес подписки';
  }
  if (isTestEndpoint(url, settings)) return null;
  if (url.protocol !== 'https:' || url.username || url.password) return PUSH_HTTPS_ONLY;
  const host = hostOf(url);
  if (isIP(host) && isBlockedAddress(host)) return PUSH_INTERNAL_ADDRESS;
  if (!isAllowedPushHost(host, settings.allowedHosts)) return pushUnknownHost(host);
  return null;
}

/** Resolves like `dns.lookup` but fails when any address of the name is one the server must not call. */
export const guardedLookup = ((hostname: string, options: LookupAllOptions, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, options.all ? [] : '', 0);
    if (addresses.length === 0 || addresses.some((entry) => isBlockedAddress(entry.address)))
      return callback(new PushAddressError(PUSH_INTERNAL_ADDRESS), options.all ? [] : '', 0);
    if (options.all) return callback(null, addresses);
    return callback(null, addresses[0].address, addresses[0].family);
  });
}) as LookupFunction;

/** The check at subscription: the endpoint's form, its host, and every address it resolves to now. */
export async function checkPushEndpoint(endpoint: string, settings: PushAddressSettings): Promise<void> {
  const problem = endpointProblem(endpoint, settings);
  if (problem) throw new PushAddressError(problem);
  const url = new URL(endpoint);
  const host = hostOf(url);
  if (isTestEndpoint(url, settings) || isIP(host)) return;
  await new Promise<void>((resolve, reject) =>
    guardedLookup(host, { all: true }, (error) => {
      if (error instanceof PushAddressError) reject(error);
      else if (error) reject(new PushAddressError(pushUnresolved(host)));
      else resolve();
    }),
  );
}

/**
 * POSTs one push (what `web-push`'s generateRequestDetails made) and answers the push service's
 * status. A redirect is a status like any other (never followed); the name is resolved by
 * `guardedLookup` and the socket's peer checked again once connected, so a rebinding name cannot
 * lead the request inside. An endpoint the guard refuses throws PushAddressError before anything is sent.
 */
export function postPush(
  endpoint: string,
  request: { method: string; headers: Record<string, string>; body: Buffer | null },
  settings: PushAddressSettings,
  timeoutMs = 15_000,
): Promise<number> {
  const problem = endpointProblem(endpoint, settings);
  if (problem) return Promise.reject(new PushAddressError(problem));
  const url = new URL(endpoint);
  const test = isTestEndpoint(url, settings);
  return new Promise<number>((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const outgoing = send(
      url,
      {
        method: request.method,
        headers: { ...request.headers, 'Content-Length': String(request.body?.length ?? 0) },
        agent: false,
        lookup: test ? undefined : guardedLookup,
        timeout: timeoutMs,
      },
      (response: IncomingMessage) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    outgoing.on('socket', (socket: Socket) => {
      if (test) return;
      socket.once('connect', () => {
        if (!socket.remoteAddress || isBlockedAddress(socket.remoteAddress))
          outgoing.destroy(new PushAddressError(PUSH_INTERNAL_ADDRESS));
      });
    });
    outgoing.on('timeout', () => outgoing.destroy(new Error('push service timed out')));
    outgoing.on('error', reject);
    outgoing.end(request.body ?? undefined);
  });
}
