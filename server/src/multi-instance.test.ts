/**
 * Several instances, one truth: two server processes on one PostgreSQL database behind HAProxy
 * (round-robin, a new connection per request, so requests alternate between the instances). The
 * balancer names the instance that answered in `X-Parta-Instance`, so every step below checks where
 * its request actually went.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { TEST_DATABASE } from '../test/helpers';
import {
  createSeededPostgresDatabase,
  freePort,
  type HttpAnswer,
  http,
  type ServerProcess,
  startServer,
} from '../test/processes';
import {
  HEARTBEAT_STALE_SECONDS,
  INSTANCE_LOST_REASON,
  SWEEP_INTERVAL_MS,
} from './modules/timetable-generator/generator.service';

function findHaproxy(): string | undefined {
  for (const candidate of ['/usr/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/sbin/haproxy']) {
    try {
      execFileSync(candidate, ['-v'], { stdio: 'ignore' });
      return candidate;
    } catch {}
  }
  return undefined;
}

const haproxy = TEST_DATABASE === 'postgres' ? findHaproxy() : undefined;
if (TEST_DATABASE === 'postgres' && !haproxy) {
  console.warn('multi-instance test skipped: HAProxy is not installed (apt-get install -y haproxy)');
}
const describeWithBalancer = haproxy ? describe : describe.skip;

/**
 * The backend's lines of README «Продакшен» that keep a restart invisible: every server is checked
 * each second on /api/health (down at the first failure, up again after two successes), and a
 * request is tried again (up to three times, the last on another server) when its connection
 * failed, the server closed it unanswered, or the server answered 503 — what a stopping instance
 * answers before its port closes, without reading the request. Without them, requests sent to an
 * instance while it restarts answer 503 (47 of 432 saves in the issue).
 */
const HEALTH_CHECKED_BACKEND = [
  '  option httpchk GET /api/health',
  '  option redispatch',
  '  retries 3',
  '  retry-on conn-failure empty-response 503',
  '  default-server check inter 1s fall 1 rise 2',
];

describeWithBalancer('two API instances on one PostgreSQL behind HAProxy', () => {
  let database: Awaited<ReturnType<typeof createSeededPostgresDatabase>>;
  const instances: ServerProcess[] = [];
  let balancer: ChildProcess | undefined;
  let balancerPort = 0;
  let folder = '';

  beforeAll(async () => {
    database = await createSeededPostgresDatabase();
    // Only the balancer's address is trusted for X-Forwarded-For, as README «Продакшен» advises.
    // One solver job per instance, so a generation runs on exactly one of them.
    const env = { ...database.env, TRUST_PROXY: '127.0.0.1', PARTA_SOLVER_CONCURRENCY: '1' };
    // One after the other, as a rolling start would (both would wait on the start-up lock anyway).
    instances.push(await startServer(env));
    instances.push(await startServer(env));
    balancerPort = await freePort();
    folder = mkdtempSync(path.join(tmpdir(), 'parta-haproxy-'));
    const config = path.join(folder, 'haproxy.cfg');
    writeFileSync(
      config,
      [
        'global',
        '  maxconn 256',
        'defaults',
        '  mode http',
        '  timeout connect 5s',
        '  timeout client 30s',
        '  timeout server 30s',
        'frontend api',
        `  bind 127.0.0.1:${balancerPort}`,
        '  option forwardfor',
        '  default_backend parta',
        'backend parta',
        '  balance roundrobin',
        ...HEALTH_CHECKED_BACKEND,
        '  http-response set-header X-Parta-Instance %s',
        ...instances.map((instance, index) => `  server api${index + 1} 127.0.0.1:${instance.port}`),
        '',
      ].join('\n'),
    );
    balancer = spawn(haproxy as string, ['-db', '-f', config], { stdio: ['ignore', 'ignore', 'pipe'] });
    let balancerOutput = '';
    balancer.stderr?.on('data', (chunk: Buffer) => {
      balancerOutput += chunk.toString('utf8');
    });
    for (let attempt = 0; ; attempt += 1) {
      const health = await http(balancerPort, 'GET', '/api/health', { timeoutMs: 1000 }).catch(
        () => undefined,
      );
      if (health?.status === 200) break;
      if (attempt > 100) throw new Error(`HAProxy did not start:\n${balancerOutput}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 240_000);

  afterAll(async () => {
    balancer?.kill('SIGTERM');
    await Promise.all(instances.map((instance) => instance.stop()));
    if (folder) rmSync(folder, { recursive: true, force: true });
    await database?.drop();
  }, 60_000);

  const instanceOf = (answer: HttpAnswer) => String(answer.headers['x-parta-instance']);
  const viaBalancer = (
    method: string,
    url: string,
    options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
  ) => http(balancerPort, method, url, options);

  /**
   * Sends `request` through the balancer so that it lands on `instance`: round-robin over two, so a
   * health probe that lands on the other one means the next request comes here. The answer is checked.
   */
  async function on(instance: string, request: () => Promise<HttpAnswer>): Promise<HttpAnswer> {
    const probe = await viaBalancer('GET', '/api/health');
    if (instanceOf(probe) === instance) await viaBalancer('GET', '/api/health');
    const answer = await request();
    expect(instanceOf(answer)).toBe(instance);
    return answer;
  }

  async function signIn(login: string): Promise<string> {
    const answer = await viaBalancer('POST', '/api/auth/login', { body: { login, password: 'parta2026' } });
    expect(answer.status).toBe(200);
    return answer.json().data.token;
  }

  it('alternates requests between the two instances', async () => {
    const seen = [];
    for (let i = 0; i < 4; i += 1) seen.push(instanceOf(await viaBalancer('GET', '/api/health')));
    expect(new Set(seen)).toEqual(new Set(['api1', 'api2']));
    expect(seen[0]).not.toBe(seen[1]);
  });

  /** The zavuch's token, taken before the throttling test locks the zavuch's sign-in. */
  let zavuch = '';

  it('runs a generation started through the balancer to «done», polled on both instances', async () => {
    zavuch = await signIn('zavuch');
    const started = await viaBalancer('POST', '/api/timetable/generations', {
      token: zavuch,
      body: { time_limit_seconds: 3, template_name: 'Через балансировщик' },
    });
    expect(started.status).toBe(201);
    const id = started.json().data.id;
    const polledOn = new Set<string>();
    let state: { status: string; template_id: number | null } | undefined;
    for (let attempt = 0; attempt < 120; attempt += 1) {
      const poll = await viaBalancer('GET', `/api/timetable/generations/${id}`, { token: zavuch });
      // Never «Генерация не найдена» from the instance that does not run it.
      expect(poll.status).toBe(200);
      polledOn.add(instanceOf(poll));
      state = poll.json().data;
      if (state?.status !== 'queued' && state?.status !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(polledOn).toEqual(new Set(['api1', 'api2']));
    expect(state?.status).toBe('done');
    const template = await viaBalancer('GET', `/api/timetable/templates/${state?.template_id}`, {
      token: zavuch,
    });
    expect(template.status).toBe(200);
    expect(template.json().data.name).toBe('Через балансировщик');
  }, 120_000);

  it('refuses a token on the other instance on the very next request after signing out through one', async () => {
    const token = await signIn('teacher');
    // Both instances have looked the session up and keep it (up to a minute while the channel is up).
    const me = async () => viaBalancer('POST', '/api/auth/me', { token });
    await on('api1', me);
    await on('api2', me);
    expect((await on('api1', me)).status).toBe(200);
    expect((await on('api2', me)).status).toBe(200);

    const out = await on('api1', () => viaBalancer('POST', '/api/auth/logout', { token }));
    expect(out.status).toBe(200);
    const next = await viaBalancer('POST', '/api/auth/me', { token });
    expect(instanceOf(next)).toBe('api2');
    expect(next.status).toBe(401);
    expect((await viaBalancer('POST', '/api/auth/me', { token })).status).toBe(401);
  });

  it('refuses a blocked school on the other instance on the very next request', async () => {
    const director = await signIn('director');
    const admin = await signIn('admin');
    const subjects = async () => viaBalancer('GET', '/api/subject', { token: director });
    expect((await on('api1', subjects)).status).toBe(200);
    expect((await on('api2', subjects)).status).toBe(200);

    const me = (await viaBalancer('POST', '/api/auth/me', { token: director })).json().data;
    const organizationId = me.organization.id;
    const block = await on('api1', () =>
      viaBalancer('PUT', `/api/organizations/${organizationId}/status`, {
        token: admin,
        body: { status: 'blocked' },
      }),
    );
    expect(block.status).toBe(200);
    const next = await subjects();
    expect(instanceOf(next)).toBe('api2');
    expect(next.status).toBe(403);
    const unblock = await on('api2', () =>
      viaBalancer('PUT', `/api/organizations/${organizationId}/status`, {
        token: admin,
        body: { status: 'active' },
      }),
    );
    expect(unblock.status).toBe(200);
    const after = await subjects();
    expect(instanceOf(after)).toBe('api1');
    expect(after.status).toBe(200);
  });

  it('throttles eleven wrong passwords spread over both instances like eleven on one', async () => {
    const landed = new Set<string>();
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const answer = await viaBalancer('POST', '/api/auth/login', {
        body: { login: 'zavuch', password: 'wrong' },
      });
      landed.add(instanceOf(answer));
      expect(answer.status).toBe(422);
    }
    expect(landed).toEqual(new Set(['api1', 'api2']));
    const eleventh = await viaBalancer('POST', '/api/auth/login', {
      body: { login: 'zavuch', password: 'wrong' },
    });
    expect(eleventh.status).toBe(429);
    // Now even the right password waits, on either instance.
    for (let i = 0; i < 2; i += 1) {
      const right = await viaBalancer('POST', '/api/auth/login', {
        body: { login: 'zavuch', password: 'parta2026' },
      });
      expect(right.status).toBe(429);
    }
  });

  it('shares the per-IP sign-in flood guard (120 a minute) between the instances', async () => {
    // A client of its own behind an upstream proxy (HAProxy appends the address it saw): the
    // instances trust the forwarded chain, so this address is the one counted, apart from the
    // other tests' sign-ins from 127.0.0.1.
    const client = { 'x-forwarded-for': '198.51.100.23' };
    const attempt = (index: number) =>
      viaBalancer('POST', '/api/auth/login', {
        // Every attempt a different unknown login, so the per-login throttle never stops it first.
        body: { login: `nobody${index}`, password: 'wrong' },
        headers: client,
      });
    const landed = new Map<string, number>();
    for (let index = 0; index < 120; index += 1) {
      const answer = await attempt(index);
      expect(answer.status).toBe(422);
      landed.set(instanceOf(answer), (landed.get(instanceOf(answer)) ?? 0) + 1);
    }
    // Each instance saw about half: alone, neither would have reached its limit of 120.
    expect(landed.get('api1')).toBeLessThan(120);
    expect(landed.get('api2')).toBeLessThan(120);
    const refused = new Set<string>();
    for (let index = 120; index < 122; index += 1) {
      const answer = await attempt(index);
      expect(answer.status).toBe(429);
      expect(answer.json().message).toMatch(/^Слишком много запросов/);
      refused.add(instanceOf(answer));
    }
    expect(refused).toEqual(new Set(['api1', 'api2']));
    // Another client is not affected.
    const other = await viaBalancer('POST', '/api/auth/login', {
      body: { login: 'nobody', password: 'wrong' },
      headers: { 'x-forwarded-for': '198.51.100.24' },
    });
    expect(other.status).toBe(422);
    // 123 sign-ins one after another, each hashing a password: on a busy machine past jest's default
    // minute, and a timed-out test's loop would go on sending beside the next tests.
  }, 180_000);

  it('reads through one instance a cell saved through the other', async () => {
    const token = await signIn('teacher');
    const index = await viaBalancer('GET', '/api/journal', { token });
    expect(index.status).toBe(200);
    let target: { lesson_id: number; student_id: number; version: number; path: string } | undefined;
    for (const load of index.json().data.loads) {
      if (load.subgroup_id !== null) continue;
      const gridPath = `/api/journal/${load.group_id}/${load.id}`;
      const grid = (await viaBalancer('GET', gridPath, { token })).json().data;
      if (!grid.editable || grid.lessons.length === 0 || grid.students.length === 0) continue;
      const lesson = grid.lessons[0].id;
      const student = grid.students[0].id;
      const cell = grid.cells.find(
        (item: { lesson_id: number; student_id: number }) =>
          item.lesson_id === lesson && item.student_id === student,
      );
      target = { lesson_id: lesson, student_id: student, version: cell?.version ?? 0, path: gridPath };
      break;
    }
    if (!target) throw new Error('the demo school has no editable journal');
    const { lesson_id, student_id, version, path: gridPath } = target;

    const saved = await on('api1', () =>
      viaBalancer('PUT', `/api/journal/lessons/${lesson_id}/students/${student_id}`, {
        token,
        body: { grades: [{ value: 3 }, { value: 5 }], attendance: null, version },
      }),
    );
    expect(saved.status).toBe(200);
    const read = await viaBalancer('GET', gridPath, { token });
    expect(instanceOf(read)).toBe('api2');
    const cell = read
      .json()
      .data.cells.find(
        (item: { lesson_id: number; student_id: number }) =>
          item.lesson_id === lesson_id && item.student_id === student_id,
      );
    expect(cell.grades.map((grade: { value: number }) => grade.value)).toEqual([3, 5]);
    expect(cell.version).toBe(saved.json().data.version);
  });

  it('loses no save while one instance restarts under a save load through the balancer', async () => {
    const token = await signIn('teacher');
    const index = await viaBalancer('GET', '/api/journal', { token });
    expect(index.status).toBe(200);
    // Cells nobody saved yet (version 0) of the teacher's held lessons: every save is a real write.
    const cells: { lesson_id: number; student_id: number }[] = [];
    for (const load of index.json().data.loads) {
      if (cells.length >= 3000) break;
      if (load.subgroup_id !== null || !load.own) continue;
      const grid = (await viaBalancer('GET', `/api/journal/${load.group_id}/${load.id}`, { token })).json()
        .data;
      if (!grid.editable || !grid.load.graded) continue;
      const saved = new Set(
        grid.cells.map(
          (cell: { lesson_id: number; student_id: number }) => `${cell.lesson_id}|${cell.student_id}`,
        ),
      );
      for (const lesson of grid.lessons.filter((item: { date: string }) => item.date <= grid.today))
        for (const student of grid.students)
          if (!saved.has(`${lesson.id}|${student.id}`))
            cells.push({ lesson_id: lesson.id, student_id: student.id });
    }
    expect(cells.length).toBeGreaterThan(500);

    const failures: string[] = [];
    const answeredBy = { api1: 0, api2: 0 } as Record<string, number>;
    let sent = 0;
    let loading = true;
    // Four clients saving one cell after another, as a few teachers at once would.
    // The cells over and over (each save with the version its last one answered), so the load lasts
    // however long the restarted instance takes to come back.
    const versions = new Map<string, number>();
    const client = async () => {
      while (loading) {
        const cell = cells[sent++ % cells.length];
        const key = `${cell.lesson_id}|${cell.student_id}`;
        const answer = await viaBalancer(
          'PUT',
          `/api/journal/lessons/${cell.lesson_id}/students/${cell.student_id}`,
          {
            token,
            body: { grades: [{ value: 3 + (sent % 3) }], attendance: null, version: versions.get(key) ?? 0 },
          },
        ).catch((error: Error) => ({ status: 0, body: error.message, headers: {} }) as HttpAnswer);
        if (answer.status === 200) {
          answeredBy[String(answer.headers['x-parta-instance'])] += 1;
          versions.set(key, JSON.parse(answer.body).data.version);
        } else failures.push(`${answer.status} ${answer.body.slice(0, 120)}`);
      }
    };
    const load = Promise.all([client(), client(), client(), client()]);
    const [restarted] = instances;
    try {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      // A rolling restart of api1: SIGTERM, then the same port again.
      await restarted.stop();
      const before = { ...answeredBy };
      await new Promise((resolve) => setTimeout(resolve, 1500));
      instances[0] = await startServer(
        { ...database.env, TRUST_PROXY: '127.0.0.1', PARTA_SOLVER_CONCURRENCY: '1' },
        120_000,
        restarted.port,
      );
      // Until the balancer has sent saves to the new api1 again (two checks, then traffic).
      for (let waited = 0; answeredBy.api1 <= before.api1 + 20 && waited < 20_000; waited += 250)
        await new Promise((resolve) => setTimeout(resolve, 250));
      expect(answeredBy.api1).toBeGreaterThan(before.api1 + 20);
    } finally {
      loading = false;
      await load;
    }
    expect(failures).toEqual([]);
    expect(answeredBy.api2).toBeGreaterThan(0);
    expect(sent).toBeGreaterThan(100);
  }, 120_000);

  // Last: it leaves one instance.
  it('fails a generation whose instance is killed (kill -9) within the stated time, on the other instance', async () => {
    const started = await viaBalancer('POST', '/api/timetable/generations', {
      token: zavuch,
      body: { time_limit_seconds: 120 },
    });
    expect(started.status).toBe(201);
    const id = started.json().data.id;
    const sql = new Client({ connectionString: database.url });
    await sql.connect();
    let runner = '';
    try {
      for (let attempt = 0; attempt < 100 && !runner; attempt += 1) {
        const { rows } = await sql.query(
          "select runner from generations where id = $1 and status = 'running'",
          [id],
        );
        runner = rows[0]?.runner ?? '';
        if (!runner) await new Promise((resolve) => setTimeout(resolve, 200));
      }
    } finally {
      await sql.end();
    }
    const pid = Number(runner.split(':').at(-1));
    const victim = instances.find((instance) => instance.child.pid === pid);
    const survivor = instances.find((instance) => instance.child.pid !== pid);
    if (!victim || !survivor) throw new Error(`no instance runs generation ${id} (runner ${runner})`);
    victim.child.kill('SIGKILL');
    await victim.exited;
    const killedAt = Date.now();
    // The running instance wrote a heartbeat every 0.5 s; the survivor's sweep fails the row once
    // the last one is HEARTBEAT_STALE_SECONDS old: at most that plus one sweep period after the kill.
    const limitMs = HEARTBEAT_STALE_SECONDS * 1000 + SWEEP_INTERVAL_MS + 3000;
    let state: { status: string; reasons: string[] } | undefined;
    while (Date.now() - killedAt < limitMs + 5000) {
      const poll = await http(survivor.port, 'GET', `/api/timetable/generations/${id}`, { token: zavuch });
      expect(poll.status).toBe(200);
      state = poll.json().data;
      if (state?.status !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const tookMs = Date.now() - killedAt;
    expect(state?.status).toBe('failed');
    expect(state?.reasons).toEqual([INSTANCE_LOST_REASON]);
    expect(tookMs).toBeLessThan(limitMs);
    // The school may start again at once.
    const again = await http(survivor.port, 'POST', '/api/timetable/generations', {
      token: zavuch,
      body: { time_limit_seconds: 1 },
    });
    expect(again.status).toBe(201);
  }, 120_000);
});
