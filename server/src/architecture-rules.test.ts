import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The rules of docs/ARCHITECTURE.md that dependency-cruiser cannot see (what a file calls, not only
 * what it imports), read off the sources. No database: the unit project runs it once. Each rule is
 * its own test, so a rule added later sits beside the others.
 */
const SRC = __dirname;

const sources = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
  .map((file) => file.split(path.sep).join('/'));
const isTest = (file: string) => /\.test\.ts$|(^|\/)(test|tests|bench)\//.test(file);
const read = (file: string) => readFileSync(path.join(SRC, file), 'utf8');
const production = sources.filter((file) => !isTest(file));

/** The files (relative to src/) a source imports by a relative specifier. */
function importsOf(file: string): string[] {
  const specifiers = [
    ...read(file).matchAll(/(?:from\s+|import\s*\(\s*|require\s*\(\s*)'(\.{1,2}\/[^']+)'/g),
  ];
  return specifiers.map((match) =>
    path.posix.normalize(path.posix.join(path.posix.dirname(file), match[1])).replace(/\.ts$/, ''),
  );
}

test('threads and processes of our code start only in queue/off-thread.ts, never from an eval’d source', () => {
  const offenders = production
    .filter((file) => file !== 'queue/off-thread.ts')
    .filter((file) => /\beval\s*:\s*true\b/.test(read(file)) || /\bnew\s+Worker\s*\(/.test(read(file)));
  expect(offenders).toEqual([]);
  expect(read('queue/off-thread.ts')).not.toMatch(/\beval\s*:\s*true\b/);
});

test('no routes file registers a job: job kinds live in <area>.jobs.ts', () => {
  const registering = production.filter(
    (file) =>
      file.endsWith('.routes.ts') &&
      /\.queue\s*\.\s*(register|every)\s*\(|\bregisterRun\s*\(/.test(read(file)),
  );
  expect(registering).toEqual([]);
});

test('no module imports the notifications module: producers emit events (queue/events.ts)', () => {
  // The app's composition wires the module in (its routes, jobs, SMTP and push settings).
  const composition = ['app.ts', 'server.ts', 'modules/index.ts'];
  const reaching = production
    .filter((file) => !file.startsWith('modules/notifications/') && !composition.includes(file))
    .filter((file) => importsOf(file).some((target) => target.startsWith('modules/notifications/')));
  expect(reaching).toEqual([]);
});

test('a save cannot forget its event: no service takes the queue as an optional parameter', () => {
  const optional = production.filter((file) => /\bqueue\?\s*:\s*Queue\b/.test(read(file)));
  expect(optional).toEqual([]);
});
