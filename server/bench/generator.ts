/**
 * `pnpm --filter server bench:generator [--seconds N] [--seeds K] [files…]`: the generator section of
 * the bench on its own (generator-bench.ts), printed as a table. `pnpm bench --generator` runs the same.
 */
import { benchGenerator } from './generator-bench';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const files = args.filter((a, i) => a.endsWith('.fet') && !args[i - 1]?.startsWith('--'));

benchGenerator({ seconds: Number(option('seconds', '60')), seeds: Number(option('seeds', '5')), files })
  .then((rows) => console.table(rows))
  .catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
