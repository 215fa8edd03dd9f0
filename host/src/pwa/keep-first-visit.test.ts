import { requestsToKeep } from './keep-first-visit';

const origin = 'https://parta.example';
const entry = (name: string, initiatorType = 'script') => ({ name, initiatorType });

describe('requestsToKeep', () => {
  it('replays files as they are and API reads with the token, the current user as a POST', () => {
    expect(
      requestsToKeep(
        [
          entry(`${origin}/remotes/journal/1.2.3/remoteEntry.js`),
          entry(`${origin}/remotes/registry.json`, 'fetch'),
          entry(`${origin}/api/journal/9/83`, 'xmlhttprequest'),
          entry(`${origin}/api/auth/me`, 'fetch'),
        ],
        origin,
        'secret',
      ),
    ).toEqual([
      `${origin}/remotes/journal/1.2.3/remoteEntry.js`,
      `${origin}/remotes/registry.json`,
      [`${origin}/api/journal/9/83`, { method: 'GET', headers: { Authorization: 'Bearer secret' } }],
      [`${origin}/api/auth/me`, { method: 'POST', headers: { Authorization: 'Bearer secret' } }],
    ]);
  });

  it('leaves out other origins, the worker itself, repeats, and API answers when signed out', () => {
    expect(
      requestsToKeep(
        [
          entry('https://fonts.example/inter.woff2', 'css'),
          entry(`${origin}/sw.js`),
          entry(`${origin}/main.0123456789.js`),
          entry(`${origin}/main.0123456789.js`),
          entry(`${origin}/api/journal/9/83`, 'xmlhttprequest'),
        ],
        origin,
        null,
      ),
    ).toEqual([`${origin}/main.0123456789.js`]);
  });
});
