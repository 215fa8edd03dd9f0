import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The rules of docs/ARCHITECTURE.md that dependency-cruiser cannot see (what a file calls, not only
 * what it imports), read off the sources. No database: the unit project runs it once. Each rule is
 * its own test, so a rule added later merges beside the others.
 */
const SRC = __dirname;

const sources = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
  .map((file) => file.split(path.sep).join('/'));
const isTest = (file: string) => /\.test\.ts$|(^|\/)(test|tests|bench)\//.test(file);
const read = (file: string) => readFileSync(path.join(SRC, file), 'utf8');

/** The files (relative to src/) a source imports by a relative specifier. */
function importsOf(file: string): string[] {
  const specifiers = [
    ...read(file).matchAll(/(?:from\s+|import\s*\(\s*|require\s*\(\s*)'(\.{1,2}\/[^']+)'/g),
  ];
  return specifiers.map((match) =>
    path.posix.normalize(path.posix.join(path.posix.dirname(file), match[1])).replace(/\.ts$/, ''),
  );
}

test('no routes file registers a job: job kinds live in <area>.jobs.ts', () => {
  // Being moved to their <area>.jobs.ts in parallel (issue 49): delete a name once its file is moved —
  // the second expectation fails when an exemption is no longer needed.
  const moving = ['modules/archive/archive.routes.ts', 'modules/timetable-generator/generator.routes.ts'];
  const registering = sources.filter(
    (file) => file.endsWith('.routes.ts') && /\bqueue\s*\.\s*register\s*\(/.test(read(file)),
  );
  expect(registering.filter((file) => !moving.includes(file))).toEqual([]);
  expect(moving.filter((file) => !registering.includes(file))).toEqual([]);
});

test('no module imports the notifications module: producers emit events (queue/events.ts)', () => {
  // The app's composition wires the module in (its routes, jobs, SMTP and push settings).
  const composition = ['app.ts', 'server.ts', 'modules/index.ts'];
  const reaching = sources
    .filter(
      (file) => !file.startsWith('modules/notifications/') && !isTest(file) && !composition.includes(file),
    )
    .filter((file) => importsOf(file).some((target) => target.startsWith('modules/notifications/')));
  expect(reaching).toEqual([]);
});

test('a save cannot forget its event: no service takes the queue as an optional parameter', () => {
  const optional = sources.filter((file) => !isTest(file) && /\bqueue\?\s*:\s*Queue\b/.test(read(file)));
  expect(optional).toEqual([]);
});
