/**
 * `pnpm --filter server bench:generator [--seconds N] [--seeds K] [files…]`: the generator section of
 * the bench on its own (generator-bench.ts), printed as a table. `pnpm bench --generator` runs the same.
 * `--hard`: FET's difficult examples (HARD_FILES) at 240 s, each Parta run ending 60 s after its
 * first timetable without hard violations, as `pnpm bench --generator-hard` does (files named: only those).
 */
import { benchGenerator, HARD_FILES, HARD_IMPROVE_SECONDS } from './generator-bench';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const files = args.filter((a, i) => a.endsWith('.fet') && !args[i - 1]?.startsWith('--'));

const hard = args.includes('--hard');
benchGenerator({
  seconds: Number(option('seconds', hard ? '240' : '60')),
  seeds: Number(option('seeds', '5')),
  files: hard && files.length === 0 ? HARD_FILES : files,
  improveSeconds: hard ? HARD_IMPROVE_SECONDS : undefined,
})
  .then((rows) => console.table(rows))
  .catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
