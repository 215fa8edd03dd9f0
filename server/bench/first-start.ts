/**
 * The first start as a new user meets it: `git clone` of this repository into an empty folder, then
 * `pnpm install && pnpm start` (the README's first command), until GET /api/health answers 200 and the
 * login page is served. Phases are read from what `pnpm start` prints (each build's «Собран …», the
 * server's «Parta запущена»); the clock is wall time on this machine, so it is printed next to the
 * machine's load average. Run alone: `pnpm bench --first-start`; part of the full `pnpm bench`.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface FirstStartFigures {
  total_s: number;
  clone_s: number;
  install_s: number;
  /** From `pnpm start` to the last build. */
  builds_s: number;
  /** Each app's build as `pnpm start` reported it (they run two at a time). */
  build_s: Record<string, number>;
  /** From the end of the builds to a healthy /api/health (migrations and seed overlap the builds). */
  after_builds_s: number;
  target: string;
  meets_target: boolean;
  load_average_1m: number;
  cores: number;
}

const seconds = (ms: number) => Math.round(ms / 100) / 10;

async function healthy(port: number): Promise<boolean> {
  try {
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    if (health.status !== 200) return false;
    const page = await fetch(`http://127.0.0.1:${port}/login`);
    // The built index.html is minified: the attribute may stand without quotes.
    return page.status === 200 && /<div id="?root"?[\s>]/.test(await page.text());
  } catch {
    return false;
  }
}

export async function measureFirstStart(repoRoot: string, port = 3990): Promise<FirstStartFigures> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'parta-first-start-'));
  const clone = path.join(folder, 'parta');
  const started = Date.now();
  try {
    // The committed state of the branch checked out here (a worktree's clone would take the main HEAD).
    const branch = execFileSync('git', ['-C', repoRoot, 'rev-parse', '--abbrev-ref', 'HEAD'])
      .toString()
      .trim();
    execFileSync('git', ['clone', '--quiet', '--branch', branch, repoRoot, clone]);
    const cloned = Date.now();
    execFileSync('pnpm', ['install', '--frozen-lockfile', '--reporter=silent'], {
      cwd: clone,
      stdio: 'inherit',
    });
    const installed = Date.now();

    const child = spawn('pnpm', ['start'], {
      cwd: clone,
      env: { ...process.env, PORT: String(port), DATABASE_URL: '', PARTA_DATA_DIR: path.join(clone, 'data') },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const build: Record<string, number> = {};
    let buildsDone = 0;
    let output = '';
    const read = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      output += text;
      for (const match of text.matchAll(/Собран (\S+) за (\d+) с/g)) build[match[1]] = Number(match[2]);
      if (/Сборки готовы/.test(text)) buildsDone = Date.now();
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    let exited = false;
    child.once('exit', () => {
      exited = true;
    });
    try {
      for (;;) {
        if (exited) throw new Error(`pnpm start exited:\n${output.slice(-3000)}`);
        if (Date.now() - installed > 15 * 60_000) throw new Error('pnpm start: no healthy server in 15 min');
        if (await healthy(port)) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    } finally {
      // The whole process group: pnpm, the start script and the server.
      if (child.pid && !exited) process.kill(-child.pid, 'SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const ready = Date.now();
    const buildsEnd = buildsDone || installed;
    return {
      total_s: seconds(ready - started),
      clone_s: seconds(cloned - started),
      install_s: seconds(installed - cloned),
      builds_s: seconds(buildsEnd - installed),
      build_s: build,
      after_builds_s: seconds(ready - buildsEnd),
      target: '< 120 s',
      meets_target: ready - started < 120_000,
      load_average_1m: Math.round(os.loadavg()[0] * 10) / 10,
      cores: os.availableParallelism(),
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
