/**
 * `pnpm --filter server timetable:solve <file.fet> --seconds N --seed S [--workers W] [--out result.fet]`
 * Prints one JSON line {placed, total, hard_violations, soft_cost, teacher_gaps, unsupported, reasons,
 * warnings, seconds}
 * and writes the input with every activity's start and room locked for FET to confirm.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { diagnose } from '../../modules/timetable-generator/solver/diagnose';
import { solveInWorkers } from '../../modules/timetable-generator/solver/workers';
import { readFet } from './fet-reader';
import { writeLockedFet } from './fet-writer';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main(): Promise<void> {
  const positional = process.argv
    .slice(2)
    .filter((a, i, all) => !a.startsWith('--') && !all[i - 1]?.startsWith('--'));
  const file = positional[0];
  if (!file) {
    process.stderr.write(
      'Использование: timetable:solve <файл.fet> --seconds N --seed S [--workers W] [--out результат.fet]\n',
    );
    process.exit(2);
  }
  // pnpm --filter runs the script inside server/: resolve relative paths against the caller's folder.
  const base = process.env.INIT_CWD ?? process.cwd();
  const xml = readFileSync(resolve(base, file), 'utf8');
  const seconds = Number(arg('seconds') ?? 60);
  const seed = Number(arg('seed') ?? 1);
  const workers = Number(arg('workers') ?? 1);
  const out = arg('out');
  const t0 = Date.now();
  const model = readFet(xml);
  const unsupported = (model.instance.unsupported ?? []).map(
    (u) => `${u.name} ×${u.count}${u.hard ? ' (100%)' : ''}`,
  );
  const reasons = diagnose(model.instance);
  const result =
    reasons.length > 0
      ? null
      : await solveInWorkers(model.instance, {
          seeds: Array.from({ length: workers }, (_, i) => seed + i * 7919),
          seconds,
          onProgress: process.env.PARTA_SOLVE_VERBOSE
            ? (p) => process.stderr.write(`${JSON.stringify(p)}\n`)
            : undefined,
        });
  if (result && out)
    writeFileSync(resolve(base, out), writeLockedFet(xml, model, result.starts, result.rooms));
  const hardUnsupported = (model.instance.unsupported ?? []).some((u) => u.hard);
  process.stdout.write(
    `${JSON.stringify({
      placed: result?.placed ?? 0,
      total: model.instance.activities.length,
      hard_violations: result?.hardViolations ?? null,
      soft_cost: result?.softCost ?? null,
      teacher_gaps: result?.teacherGaps ?? null,
      valid: result !== null && result.hardViolations === 0 && !hardUnsupported,
      unsupported,
      reasons,
      warnings: model.warnings,
      seconds: (Date.now() - t0) / 1000,
    })}\n`,
  );
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
