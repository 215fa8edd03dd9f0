/**
 * What a school does at 8:00 on a Monday, as HTTP scenarios. Each scenario signs in as a demo user,
 * discovers its ids through the API (nothing hard-coded) and answers the requests to cycle through;
 * a scenario whose route is not there (an area not built yet) is reported as missing, not failed.
 */
import { DEMO_PASSWORD } from '../src/seed';
import { JOURNAL_SCENARIOS } from './journal-scenarios';
import type { LoadRequest } from './load';

export interface ScenarioContext {
  base: string;
  /** GET as the scenario's user; the parsed JSON body, or null on a non-2xx answer. */
  get<T = unknown>(path: string): Promise<T | null>;
}

export interface Target {
  /** p95 below this (ms), at `connections`. */
  p95_ms?: number;
  /** Requests per second at least this, at `connections`. */
  req_per_s?: number;
  /** The connection level the target is checked at: 16 unless said (a whole-school report: one director, 1). */
  connections?: number;
}

export interface Scenario {
  name: string;
  /** Demo login the requests run as; null: no token (the reference). */
  login: string | null;
  target?: Target;
  /** Which seed it runs on: the demo school (default) or the large one (whole-school reports). */
  seed?: 'demo' | 'large';
  /** Part of `pnpm bench --quick`. */
  quick?: boolean;
  prepare(context: ScenarioContext): Promise<LoadRequest[] | null>;
  /** After the load: checks what it did (e.g. every acknowledged save is stored); a message when not. */
  verify?: (context: ScenarioContext & { databaseUrl: string }) => Promise<Record<string, number | string>>;
}

export async function signIn(base: string, login: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in of ${login}: ${response.status}`);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

type Page<T> = { data: T[] };
const get = (path: string): LoadRequest => ({ method: 'GET', path });

/** ISO date of the Monday of the week `date` falls in. */
function mondayOf(date: Date): string {
  const day = (date.getUTCDay() + 6) % 7;
  const monday = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() - day));
  return monday.toISOString().slice(0, 10);
}
const addDays = (iso: string, days: number) => {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

export const SCENARIOS: Scenario[] = [
  {
    name: 'GET /api/health (reference)',
    login: null,
    quick: true,
    prepare: async () => [get('/api/health')],
  },
  {
    name: 'sign-in (POST /api/auth/login)',
    login: null,
    prepare: async () => [
      {
        method: 'POST',
        path: '/api/auth/login',
        body: JSON.stringify({ login: 'teacher', password: DEMO_PASSWORD }),
      },
    ],
  },
  {
    name: 'current user (POST /api/auth/me)',
    login: 'teacher',
    prepare: async () => [{ method: 'POST', path: '/api/auth/me' }],
  },
  {
    name: 'staff list (GET /api/users)',
    login: 'director',
    quick: true,
    target: { req_per_s: 1000 },
    prepare: async () => [1, 2, 3].map((page) => get(`/api/users?page=${page}`)),
  },
  {
    name: 'staff search (GET /api/users?search)',
    login: 'director',
    prepare: async () =>
      ['иван', 'ова', 'петр', 'ель'].map((search) => get(`/api/users?search=${encodeURIComponent(search)}`)),
  },
  {
    name: 'student card (GET /api/students/{id})',
    login: 'director',
    quick: true,
    target: { req_per_s: 2000 },
    prepare: async ({ get: read }) => {
      const page = await read<Page<{ id: number }>>('/api/students?per_page=100');
      return page?.data.map((student) => get(`/api/students/${student.id}`)) ?? null;
    },
  },
  {
    name: "class's week (GET /api/lessons?group_id)",
    login: 'teacher',
    prepare: async ({ get: read }) => {
      const groups = await read<{ data: { groups: { id: number }[] } }>('/api/group');
      if (!groups) return null;
      const monday = mondayOf(new Date());
      return groups.data.groups
        .slice(0, 20)
        .map((group) => get(`/api/lessons?group_id=${group.id}&from=${monday}&to=${addDays(monday, 6)}`));
    },
  },
  // The class journal (issue 11): its own block.
  ...JOURNAL_SCENARIOS,
  // ---------------------------------------------------------------- КТП, reports and diary (issue 12)
  ...reportScenarios(),
];

/**
 * Issue 12: the three reports over the whole large school (target: under 500 ms for one director's
 * request, i.e. p95 at 1 connection; 16 and 64 show how they share the machine), computed in SQL,
 * the diary week of a student and a plan of КТП with its items.
 */
function reportScenarios(): Scenario[] {
  const quarter = async (read: ScenarioContext['get']) =>
    (await read<{ data: { id: number; name: string }[] }>('/api/periods'))?.data.find(
      (period) => period.name === 'I четверть',
    ) ?? null;
  return [
    {
      name: 'classification, whole school (GET /api/reports/classification)',
      login: 'director',
      seed: 'large',
      target: { p95_ms: 500, connections: 1 },
      prepare: async ({ get: read }) => {
        const period = await quarter(read);
        return period ? [get(`/api/reports/classification?period_id=${period.id}`)] : null;
      },
    },
    {
      name: 'academic performance, whole school (GET /api/reports/academic-performance)',
      login: 'director',
      seed: 'large',
      target: { p95_ms: 500, connections: 1 },
      prepare: async ({ get: read }) => {
        const period = await quarter(read);
        return period ? [get(`/api/reports/academic-performance?period_id=${period.id}`)] : null;
      },
    },
    {
      name: 'journal completion, whole school, a term (GET /api/reports/journal-completion)',
      login: 'director',
      seed: 'large',
      target: { p95_ms: 500, connections: 1 },
      prepare: async () => [get('/api/reports/journal-completion?from=2026-09-01&to=2026-10-24')],
    },
    {
      name: "student's diary week (GET /api/diary)",
      login: 'student',
      target: { p95_ms: 100 },
      prepare: async () => [get('/api/diary?week=2026-09-14'), get('/api/diary?week=2026-10-05')],
    },
    {
      name: 'КТП plan (GET /api/ktp/{id})',
      login: 'teacher',
      prepare: async ({ get: read }) => {
        const plans = await read<{ data: { id: number }[] }>('/api/ktp');
        return plans?.data.map((plan) => get(`/api/ktp/${plan.id}`)) ?? null;
      },
    },
  ];
}
