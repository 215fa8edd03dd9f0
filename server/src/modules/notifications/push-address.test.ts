import {
  allowedHostsFromEnv,
  checkPushEndpoint,
  endpointProblem,
  isAllowedPushHost,
  isBlockedAddress,
  PUSH_INTERNAL_ADDRESS,
} from './push-address';

/** The address guard's rules on their own (issue 48); push.test.ts drives them through the API and delivery. */
describe('push address guard', () => {
  it('blocks loopback, private, link-local, unique-local, CGNAT, metadata and reserved addresses', () => {
    for (const address of [
      '127.0.0.1',
      '127.1.2.3',
      '10.1.2.3',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '100.127.255.255',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      '[::1]',
      'fc00::1',
      'fd00:ec2::254',
      'fe80::1%eth0',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:a9fe:a9fe',
      '::ffff:10.0.0.1',
      '64:ff9b::a00:1',
      '2002:7f00:1::',
      '2001:db8::1',
      '2001::1',
      'not-an-address',
    ])
      expect([address, isBlockedAddress(address)]).toEqual([address, true]);
    for (const address of [
      '142.250.74.10',
      '17.57.146.20',
      '100.128.0.1',
      '2a00:1450:4010:c05::5f',
      '::ffff:8.8.8.8',
    ])
      expect([address, isBlockedAddress(address)]).toEqual([address, false]);
  });

  it('allows the browsers’ push services and the hosts the setting adds, nothing that merely looks alike', () => {
    for (const host of [
      'fcm.googleapis.com',
      'updates.push.services.mozilla.com',
      'wns2-par02p.notify.windows.com',
      'web.push.apple.com',
      'api.push.apple.com',
    ])
      expect([host, isAllowedPushHost(host)]).toEqual([host, true]);
    for (const host of [
      'googleapis.com',
      'notify.windows.com',
      'evilpush.apple.com',
      'fcm.googleapis.com.evil.ru',
    ])
      expect([host, isAllowedPushHost(host)]).toEqual([host, false]);
    const extra = allowedHostsFromEnv(' Push.School.RU., *.push.example.org ');
    expect(extra).toEqual(['push.school.ru', '*.push.example.org']);
    expect(isAllowedPushHost('push.school.ru', extra)).toBe(true);
    expect(isAllowedPushHost('a.push.example.org', extra)).toBe(true);
    expect(isAllowedPushHost('push.example.org', extra)).toBe(false);
  });

  it('admits http only as http://127.0.0.1[:port] and only with PUSH_ALLOW_HTTP', async () => {
    expect(endpointProblem('http://127.0.0.1:8080/push', { allowHttp: true })).toBeNull();
    expect(endpointProblem('http://127.0.0.1/push', { allowHttp: true })).toBeNull();
    expect(endpointProblem('http://127.0.0.1:8080/push', { allowHttp: false })).toMatch(/https:\/\//);
    for (const endpoint of [
      'http://127.0.0.2/',
      'http://localhost/',
      'http://[::1]/',
      'http://fcm.googleapis.com/',
    ])
      expect(endpointProblem(endpoint, { allowHttp: true })).toMatch(/https:\/\//);
    expect(endpointProblem('https://user:pw@fcm.googleapis.com/x', { allowHttp: false })).toMatch(
      /https:\/\//,
    );
    expect(endpointProblem('https://0177.0.0.1/x', { allowHttp: true })).toBe(PUSH_INTERNAL_ADDRESS);
    // A public address the administrator added passes without DNS; an added name still has to resolve outside.
    await expect(
      checkPushEndpoint('https://142.250.74.10/x', { allowHttp: false, allowedHosts: ['142.250.74.10'] }),
    ).resolves.toBeUndefined();
    await expect(
      checkPushEndpoint('https://localhost/x', { allowHttp: false, allowedHosts: ['localhost'] }),
    ).rejects.toThrow(PUSH_INTERNAL_ADDRESS);
  });
});
