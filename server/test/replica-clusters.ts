/**
 * A primary and a streaming replica as two PostgreSQL 15 clusters of this machine (Debian's
 * postgresql-common: pg_createcluster, pg_basebackup -R), for the replica tests and the region
 * bench's `--replica`. Needs root; `drop()` removes both, and so does the process's exit if a test
 * fails before it (clusters of runs that died are removed by the next run).
 */
import { execFileSync, execSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { Client } from 'pg';

const VERSION = '15';
const PREFIX = 'parta_rp_';

export interface ReplicaClusters {
  primaryPort: number;
  replicaPort: number;
  /** postgres://…/<database> on the primary and on the replica. */
  primaryUrl(database: string): string;
  replicaUrl(database: string): string;
  stopReplica(): void;
  startReplica(): void;
  /** Runs SQL on the replica's `postgres` database as the superuser (pg_wal_replay_pause, …). */
  onReplica(text: string): Promise<Record<string, unknown>[]>;
  onPrimary(text: string, database?: string): Promise<Record<string, unknown>[]>;
  /** Waits until the replica has replayed everything the primary has written so far. */
  caughtUp(timeoutMs?: number): Promise<void>;
  drop(): void;
}

/** Why the clusters cannot be made here, or undefined when they can. */
export function replicaClustersUnavailable(): string | undefined {
  if (process.getuid?.() !== 0) return 'needs root (pg_createcluster, runuser)';
  for (const tool of ['/usr/bin/pg_createcluster', '/usr/bin/pg_dropcluster', '/usr/bin/pg_ctlcluster'])
    if (!existsSync(tool)) return `${tool} is missing (postgresql-common)`;
  if (!existsSync(`/usr/lib/postgresql/${VERSION}/bin/pg_basebackup`))
    return `PostgreSQL ${VERSION} is missing`;
  return undefined;
}

function run(command: string, args: string[]) {
  execFileSync(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
}

function clusterNames(): string[] {
  const folder = `/etc/postgresql/${VERSION}`;
  return existsSync(folder) ? readdirSync(folder).filter((name) => name.startsWith(PREFIX)) : [];
}

function dropCluster(name: string) {
  try {
    run('pg_dropcluster', ['--stop', VERSION, name]);
  } catch {
    // already gone
  }
}

/** Clusters left by runs whose process is gone (a killed jest): `parta_rp_<pid>_…`. */
function dropOrphans() {
  for (const name of clusterNames()) {
    const pid = Number(name.slice(PREFIX.length).split('_')[0]);
    let alive = false;
    try {
      process.kill(pid, 0);
      alive = true;
    } catch {
      alive = false;
    }
    if (!alive) dropCluster(name);
  }
}

function portFree(port: number): boolean {
  try {
    execSync(`ss -ltnH "sport = :${port}" | grep -q .`, { stdio: 'ignore' });
    return false;
  } catch {
    return true;
  }
}

/** Two free ports in 55432–55999 (outside the machine's 5432). */
function twoPorts(): [number, number] {
  const used = new Set(
    execSync(`pg_lsclusters -h | awk '{print $3}'`, { encoding: 'utf8' }).split('\n').map(Number),
  );
  const found: number[] = [];
  for (let port = 55432 + Math.floor(Math.random() * 400); found.length < 2 && port < 56000; port++)
    if (!used.has(port) && portFree(port)) found.push(port);
  if (found.length < 2) throw new Error('no free ports for the test clusters');
  return [found[0], found[1]];
}

async function query(url: string, text: string): Promise<Record<string, unknown>[]> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

async function waitReady(url: string, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      await query(url, 'select 1');
      return;
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

const SETTINGS = [
  // A test server: no fsync (a crash loses the clusters anyway), small buffers.
  'fsync=off',
  'full_page_writes=off',
  'shared_buffers=64MB',
];

/**
 * Creates the primary (trust authentication, replication allowed), fills `database` on it with
 * `fill(url)`, then copies it with pg_basebackup -R into the replica and starts that.
 */
export async function createReplicaClusters(
  /** null: an empty pair (the region bench creates its databases later; they stream to the replica). */
  database: string | null,
  fill: (primaryUrl: string) => Promise<void> = async () => undefined,
  /** Settings of both servers over the test's (`name=value`; the region bench's larger buffers). */
  overrides: string[] = [],
): Promise<ReplicaClusters> {
  dropOrphans();
  const tag = `${PREFIX}${process.pid}_${Date.now().toString(36)}`;
  const primaryName = `${tag}_p`;
  const replicaName = `${tag}_r`;
  const [primaryPort, replicaPort] = twoPorts();
  const drop = () => {
    dropCluster(replicaName);
    dropCluster(primaryName);
    process.removeListener('exit', drop);
  };
  process.on('exit', drop);
  const named = (setting: string) => setting.slice(0, setting.indexOf('='));
  const settings = [
    ...SETTINGS.filter((setting) => !overrides.some((override) => named(override) === named(setting))),
    ...overrides,
  ].flatMap((setting) => ['-o', setting]);
  const url = (port: number, name: string) => `postgres://postgres@127.0.0.1:${port}/${name}`;
  const ctl = (name: string, action: string) =>
    run('pg_ctlcluster', [
      '--skip-systemctl-redirect',
      VERSION,
      name,
      action,
      ...(action === 'stop' ? ['-m', 'fast'] : []),
    ]);
  try {
    run('pg_createcluster', [
      VERSION,
      primaryName,
      '-p',
      String(primaryPort),
      ...settings,
      '--',
      '--auth=trust',
    ]);
    ctl(primaryName, 'start');
    await waitReady(url(primaryPort, 'postgres'));
    if (database) {
      await query(url(primaryPort, 'postgres'), `create database ${database}`);
      await fill(url(primaryPort, database));
    }

    run('pg_createcluster', [
      VERSION,
      replicaName,
      '-p',
      String(replicaPort),
      ...settings,
      '--',
      '--auth=trust',
    ]);
    const dataDir = `/var/lib/postgresql/${VERSION}/${replicaName}`;
    execFileSync('sh', ['-c', `rm -rf "${dataDir}"/*`]);
    run('runuser', [
      '-u',
      'postgres',
      '--',
      `/usr/lib/postgresql/${VERSION}/bin/pg_basebackup`,
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      dataDir,
      '-R',
      '-X',
      'stream',
      // A physical slot: the primary keeps the WAL until this replica has it. Without one, the
      // region bench's bulk load (24 GB) outran the replica, the primary recycled the segments it
      // still needed («requested WAL segment … has already been removed») and it never caught up.
      '-C',
      '-S',
      replicaName,
      '-c',
      'fast',
    ]);
    ctl(replicaName, 'start');
    await waitReady(url(replicaPort, 'postgres'));
  } catch (error) {
    drop();
    throw error;
  }
  const clusters: ReplicaClusters = {
    primaryPort,
    replicaPort,
    primaryUrl: (name) => url(primaryPort, name),
    replicaUrl: (name) => url(replicaPort, name),
    stopReplica: () => ctl(replicaName, 'stop'),
    startReplica: () => ctl(replicaName, 'start'),
    onReplica: (text) => query(url(replicaPort, 'postgres'), text),
    onPrimary: (text, name = 'postgres') => query(url(primaryPort, name), text),
    async caughtUp(timeoutMs = 30_000) {
      const [{ lsn }] = await clusters.onPrimary('select pg_current_wal_insert_lsn()::text as lsn');
      const until = Date.now() + timeoutMs;
      for (;;) {
        const [{ done }] = await clusters.onReplica(
          `select pg_last_wal_replay_lsn() >= '${String(lsn)}'::pg_lsn as done`,
        );
        if (done) return;
        if (Date.now() > until) throw new Error(`the replica did not reach ${String(lsn)}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    drop,
  };
  return clusters;
}
