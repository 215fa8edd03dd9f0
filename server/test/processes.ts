/**
 * The server as production runs it, for tests that need real processes (several instances behind a
 * load balancer, `kill -9`): `src/server.ts` in its own Node process, on a free loopback port, with
 * the environment a deployment would give it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';
import { Client } from 'pg';
import { databaseEnv } from './database-env';

const SERVER_DIR = path.resolve(__dirname, '..');

/** A loopback port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface HttpAnswer {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
  // biome-ignore lint/suspicious/noExplicitAny: the tests read answers ad hoc, checked by expect
  json<T = any>(): T;
}

/** One request on a connection of its own (so a load balancer balances every request). */
export function http(
  port: number,
  method: string,
  url: string,
  options: { body?: unknown; token?: string; timeoutMs?: number; headers?: Record<string, string> } = {},
): Promise<HttpAnswer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent: false,
        headers: {
          connection: 'close',
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...options.headers,
        },
        timeout: options.timeoutMs ?? 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, body, headers: res.headers, json: () => JSON.parse(body) });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${url}: no answer`)));
    req.on('error', reject);
    req.end(payload);
  });
}

export interface ServerProcess {
  port: number;
  child: ChildProcess;
  /** What the process printed (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code (or the signal's name). */
  exited: Promise<number | string>;
  /** SIGTERM, then SIGKILL after 10 s. */
  stop(): Promise<void>;
}

/** Every server a suite started and has not seen exit: stopped after the suite, whatever its tests did. */
const running = new Set<ServerProcess>();
if (typeof afterAll === 'function') {
  afterAll(async () => {
    await Promise.all([...running].map((server) => server.stop()));
  }, 30_000);
}

/** Starts `src/server.ts` with `env` (on `port`, else a free one) and waits until GET /api/health answers 200. */
export async function startServer(
  env: Record<string, string>,
  timeoutMs = 120_000,
  port?: number,
): Promise<ServerProcess> {
  port ??= await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_OPTIONS: '',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  let gone = false;
  const server: ServerProcess = {
    port,
    child,
    output: () => output,
    exited,
    async stop() {
      if (gone) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
  running.add(server);
  exited.then(() => {
    gone = true;
    running.delete(server);
  });
  const started = Date.now();
  for (;;) {
    if (gone) throw new Error(`the server exited before it was healthy:\n${output}`);
    if (Date.now() - started > timeoutMs) {
      child.kill('SIGKILL');
      await exited;
      throw new Error(`the server was not healthy in ${timeoutMs} ms:\n${output}`);
    }
    const health = await http(port, 'GET', '/api/health', { timeoutMs: 2000 }).catch(() => undefined);
    if (health?.status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return server;
}

/**
 * A database of its own on the DATABASE_URL server, copied from the seeded test template: `url`
 * reaches it directly (the test's own SQL), `env` is what a server process is given (through
 * PgBouncer in the `pgbouncer` project).
 */
export async function createSeededPostgresDatabase(): Promise<{
  url: string;
  env: ReturnType<typeof databaseEnv>;
  drop(): Promise<void>;
}> {
  const serverUrl = process.env.DATABASE_URL;
  const template = process.env.PARTA_PG_TEMPLATE;
  if (!serverUrl || !template) throw new Error('DATABASE_URL and the seeded template are required');
  const name = `parta_proc_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    env: databaseEnv(name),
    async drop() {
      const dropper = new Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
