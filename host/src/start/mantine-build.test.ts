import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { publishedMantineExports, remotesBeyond, wholeMantinePlugin } from './mantine-build';

// The build check beside the webpack configuration (CommonJS): `pnpm check:mantine-exports`.
const { checkRemotes } = require('../../../shared/build/check-mantine-exports.js') as {
  checkRemotes: (hostStatsFile: string, remoteDirs: string[]) => string[];
};

const manifest = (usedExports?: string[]) => ({
  shared: [{ name: 'react' }, { name: '@mantine/core', ...(usedExports ? { usedExports } : {}) }],
});

describe('the choice of the @mantine/core build before it loads', () => {
  const host = ['Button', 'MantineProvider', 'Tabs', 'Tab', 'TextInput'];

  it('keeps the tree-shaken copy while every remote fits the host’s list', () => {
    expect(
      remotesBeyond(host, { journal: manifest(['Button', 'Tabs']), people: manifest(['TextInput']) }),
    ).toEqual([]);
  });

  it('names a remote built later with a component outside the list, and one that publishes no list', () => {
    expect(
      remotesBeyond(host, {
        journal: manifest(['Button']),
        admin: manifest(['Button', 'Stepper']),
        people: manifest(),
      }),
    ).toEqual(['admin', 'people']);
  });

  it('leaves out a remote whose manifest could not be read, and one that does not share @mantine/core', () => {
    expect(remotesBeyond(host, { journal: null, timetable: { shared: [{ name: 'react' }] } })).toEqual([]);
    expect(publishedMantineExports({ shared: [] })).toEqual([]);
  });

  it('compares each tree-shaken package on its own list (react-router-dom, @mantine/hooks)', () => {
    const router = (usedExports?: string[]) => ({
      shared: [{ name: 'react-router-dom', ...(usedExports ? { usedExports } : {}) }],
    });
    const hostRouter = ['Link', 'Route', 'Routes', 'useNavigate'];
    expect(
      remotesBeyond(
        hostRouter,
        { journal: router(['Link']), admin: router(['useMatch']) },
        'react-router-dom',
      ),
    ).toEqual(['admin']);
    expect(remotesBeyond(hostRouter, { journal: router(['Link']) })).toEqual([]);
    expect(publishedMantineExports(router(['Link']), 'react-router-dom')).toEqual(['Link']);
  });

  it('hands out the registered whole library, not its tree-shaken copy, for @mantine/core only', () => {
    const registered = { version: '9.7.3', treeShaking: { lib: () => 'tree-shaken' }, lib: () => 'whole' };
    const shareScopeMap = { default: { '@mantine/core': { '9.7.3': registered } } };
    const plugin = wholeMantinePlugin();
    const resolve = plugin.resolveShare as unknown as (args: Record<string, unknown>) => {
      resolver: () => { shared: unknown; useTreesShaking: boolean } | undefined;
    };
    const original = () => ({ shared: registered.treeShaking, useTreesShaking: true });
    const args = { shareScopeMap, scope: 'default', version: '9.7.3', resolver: original };
    expect(resolve({ ...args, pkgName: '@mantine/core' }).resolver()).toEqual({
      shared: registered,
      useTreesShaking: false,
    });
    expect(resolve({ ...args, pkgName: 'react' }).resolver).toBe(original);
    const routerOnly = wholeMantinePlugin(['react-router-dom']).resolveShare as unknown as typeof resolve;
    expect(routerOnly({ ...args, pkgName: '@mantine/core' }).resolver).toBe(original);
  });
});

describe('pnpm check:mantine-exports', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'parta-mantine-check-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const stats = (usedExports: string[]) =>
    JSON.stringify({ shared: [{ name: '@mantine/core', usedExports }] });
  function remote(name: string, usedExports: string[], parta?: object): string {
    const remoteDir = path.join(dir, name);
    mkdirSync(path.join(remoteDir, 'dist'), { recursive: true });
    writeFileSync(path.join(remoteDir, 'dist', 'mf-stats.json'), stats(usedExports));
    writeFileSync(
      path.join(remoteDir, 'package.json'),
      JSON.stringify({ name, ...(parta ? { parta } : {}) }),
    );
    return remoteDir;
  }

  it('fails a remote that uses exports beyond the host’s list, unless it declares the fallback', () => {
    const hostStats = path.join(dir, 'host-stats.json');
    writeFileSync(hostStats, stats(['Button', 'MantineProvider', 'Tabs']));
    const fits = remote('remote-fits', ['Button', 'Tabs', 'Tab']);
    const beyond = remote('remote-beyond', ['Button', 'Stepper']);
    const declared = remote('remote-declared', ['Button', 'Stepper'], { mantineFallback: true });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const problems = checkRemotes(hostStats, [fits, beyond, declared]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^remote-beyond: .*Stepper/);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^remote-declared: uses Stepper/));
    warn.mockRestore();
  });
});
