// @ts-check
const { spawn, execFileSync } = require('node:child_process');
const { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');

/**
 * PgBouncer in transaction mode in front of DATABASE_URL's server, for the `pgbouncer` jest project
 * (jest.config.js): Debian's `pgbouncer`, every database passed through (`*`), a server connection
 * handed to a client for one transaction only. The suites then reach PostgreSQL as production does
 * behind a pooler: DATABASE_URL through PgBouncer, DATABASE_DIRECT_URL to PostgreSQL itself.
 */
const BINARY = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find((file) => existsSync(file));

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function listening(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => socket.end(() => resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/** Starts PgBouncer; resolves with its URL (database `postgres`) and a stop function. */
async function startPgBouncer(/** @type {string} */ serverUrl) {
  if (!BINARY) throw new Error('pgbouncer is not installed (Debian: apt-get install pgbouncer)');
  const server = new URL(serverUrl);
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'parta-pgbouncer-'));
  const config = path.join(dir, 'pgbouncer.ini');
  writeFileSync(
    config,
    [
      '[databases]',
      // jit off as the API's own pool asks for it in its start-up options (db/client.ts), which a pooler refuses.
      `* = host=${server.hostname} port=${server.port || 5432} user=${decodeURIComponent(server.username) || 'postgres'} connect_query='SET jit = off'`,
      '[pgbouncer]',
      `listen_addr = 127.0.0.1`,
      `listen_port = ${port}`,
      "unix_socket_dir = ''",
      'auth_type = any',
      'pool_mode = transaction',
      'max_client_conn = 1000',
      'default_pool_size = 40',
      'ignore_startup_parameters = extra_float_digits',
      `logfile = ${path.join(dir, 'pgbouncer.log')}`,
      `pidfile = ${path.join(dir, 'pgbouncer.pid')}`,
      '',
    ].join('\n'),
  );
  // PgBouncer will not run as root: it drops to the postgres user, who must read its folder.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    chmodSync(dir, 0o777);
    execFileSync('chown', ['-R', 'postgres', dir]);
  }
  const child = spawn(BINARY, [...(asRoot ? ['-u', 'postgres'] : []), config], {
    cwd: dir,
    stdio: 'ignore',
  });
  child.unref();
  for (let tries = 0; !(await listening(port)); tries += 1) {
    if (child.exitCode !== null || tries > 100) {
      const log = existsSync(path.join(dir, 'pgbouncer.log'))
        ? readFileSync(path.join(dir, 'pgbouncer.log'), 'utf8')
        : '';
      child.kill('SIGKILL');
      throw new Error(`pgbouncer did not start:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const url = new URL(serverUrl);
  url.port = String(port);
  return {
    url: url.toString(),
    pid: child.pid,
    dir,
  };
}

/** Stops the PgBouncer `startPgBouncer` started (by its pid, from jest's teardown) and removes its folder. */
function stopPgBouncer(/** @type {number | undefined} */ pid, /** @type {string | undefined} */ dir) {
  if (pid) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
}

module.exports = { PGBOUNCER: BINARY, startPgBouncer, stopPgBouncer };
