import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { applyRemoteOverrides, parseRemoteOverrides, readRemoteOverrides } from './remote-overrides';

const LOCAL = {
  people: '/remotes/people/abc/mf-manifest.json',
  admin: '/remotes/admin/def/mf-manifest.json',
};

describe('remote overrides', () => {
  it('points a remote at another origin, or leaves it out', () => {
    expect(applyRemoteOverrides(LOCAL, { admin: 'https://admin.vendor.example/mf-manifest.json' })).toEqual({
      people: LOCAL.people,
      admin: 'https://admin.vendor.example/mf-manifest.json',
    });
    expect(applyRemoteOverrides(LOCAL, { admin: null })).toEqual({ people: LOCAL.people });
    expect(applyRemoteOverrides(LOCAL, {})).toEqual(LOCAL);
  });

  it('keeps only names mapped to an http(s) manifest URL or null', () => {
    expect(
      parseRemoteOverrides(
        JSON.stringify({
          admin: 'http://127.0.0.1:3004/mf-manifest.json',
          journal: null,
          people: 'javascript:alert(1)',
          timetable: 42,
          'bad name': null,
        }),
      ),
    ).toEqual({ admin: 'http://127.0.0.1:3004/mf-manifest.json', journal: null });
    expect(() => parseRemoteOverrides('[]')).toThrow();
  });

  it('reads the file named by the variable; a broken file changes nothing and is logged', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'parta-overrides-'));
    const good = path.join(dir, 'good.json');
    writeFileSync(good, '{"admin": null}');
    expect(await readRemoteOverrides(good)).toEqual({ admin: null });
    const broken = path.join(dir, 'broken.json');
    writeFileSync(broken, '{admin');
    const logged: string[] = [];
    expect(await readRemoteOverrides(broken, (message) => logged.push(message))).toEqual({});
    expect(logged[0]).toMatch(/не применён/);
    expect(await readRemoteOverrides(undefined)).toEqual({});
  });
});
