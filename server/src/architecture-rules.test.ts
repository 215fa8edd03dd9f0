import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Rules of the server's layers that dependency-cruiser cannot see (docs/ARCHITECTURE.md «Background
 * work»): code runs off the API's thread only through queue/off-thread.ts, from real module files
 * (no eval'd worker source: editors and dependency-cruiser follow what a thread runs); jobs are
 * declared beside their module in `<area>.jobs.ts`, not in a routes file (routes are HTTP only).
 */
const SRC = __dirname;

const sources = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
  .map((file) => ({
    file: file.split(path.sep).join('/'),
    text: readFileSync(path.join(SRC, file), 'utf8'),
  }));

/** Routes files whose jobs another change of issue 49 moves into `<area>.jobs.ts` (remove on merge). */
const ROUTES_WITH_JOBS_PENDING = new Set(['modules/notifications/notifications.routes.ts']);

describe('architecture rules', () => {
  it('starts threads and processes of our code only in queue/off-thread.ts, never from an eval’d source', () => {
    const offenders = sources
      .filter(({ file }) => file !== 'queue/off-thread.ts')
      .filter(({ text }) => /\beval\s*:\s*true\b/.test(text) || /\bnew\s+Worker\s*\(/.test(text))
      .map(({ file }) => file);
    expect(offenders).toEqual([]);
  });

  it('finds no eval’d source in queue/off-thread.ts either', () => {
    const offThread = sources.find(({ file }) => file === 'queue/off-thread.ts');
    expect(offThread?.text).toBeDefined();
    expect(offThread?.text).not.toMatch(/\beval\s*:\s*true\b/);
  });

  it('registers no job in a routes file: jobs live in <area>.jobs.ts', () => {
    const offenders = sources
      .filter(({ file }) => file.endsWith('.routes.ts') && !ROUTES_WITH_JOBS_PENDING.has(file))
      .filter(({ text }) => /\.queue\.(register|every)\s*\(|\bregisterRun\s*\(/.test(text))
      .map(({ file }) => file);
    expect(offenders).toEqual([]);
  });
});
