import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { call, createTestApp, loginAs } from '../../../test/helpers';
import { importFile, newSchool } from '../../../test/move-in';
import { IMPORT_JOB } from './imports.service';

/**
 * The FET export of an imported school (GET /api/timetable/templates/{id}/fet): FET's own `fet-cl`
 * (Debian's `fet`, installed by .ci/run) reads it and times the same activities, and importing the
 * export back changes nothing.
 */

const SMALL = readFileSync(path.join(__dirname, 'fixtures/small-school.fet'), 'utf8');

let app: FastifyInstance;
let school: { token: string; organizationId: number };
let templateId: number;

beforeAll(async () => {
  app = await createTestApp({
    queue: { concurrency: { [IMPORT_JOB]: 1 }, pollingSeconds: 0.5, maintenance: false },
  });
  school = await newSchool(app, await loginAs(app, 'admin'));
  await importFile(app, school.token, SMALL, 'малая.fet');
  const { rows } = await app.dbHandle.executeSql(
    `select id from timetable_templates where organization_id = $1 and name = 'малая'`,
    [school.organizationId],
  );
  templateId = Number(rows[0].id);
}, 120_000);
afterAll(async () => {
  await app.close();
});

const activityIds = (xml: string) =>
  [...xml.matchAll(/<Activity>[\s\S]*?<Id>(\d+)<\/Id>/g)].map((m) => Number(m[1]));

describe('GET /api/timetable/templates/{id}/fet', () => {
  let exported: string;

  it('answers the school with the template as a FET file', async () => {
    const response = await call(app, school.token, 'GET', `/api/timetable/templates/${templateId}/fet`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    expect(response.headers['content-disposition']).toContain(encodeURIComponent('малая.fet'));
    exported = response.body;
    // The load's 8 hours as 8 one-hour activities; the template's two slots locked.
    expect(activityIds(exported)).toHaveLength(8);
    expect(exported.match(/<Permanently_Locked>true<\/Permanently_Locked>/g)).toHaveLength(2);
  });

  it('fet-cl reads it and times the same activities', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'parta-fet-'));
    try {
      const input = path.join(dir, 'export.fet');
      writeFileSync(input, exported);
      execFileSync('fet-cl', [`--inputfile=${input}`, `--outputdir=${dir}/out`, '--timelimitseconds=30'], {
        stdio: 'pipe',
        timeout: 60_000,
      });
      const timetables = path.join(dir, 'out', 'timetables', 'export');
      const result = readdirSync(timetables).find((f) => f.endsWith('_data_and_timetable.fet'));
      expect(result).toBeDefined();
      const timed = readFileSync(path.join(timetables, result as string), 'utf8');
      expect(activityIds(timed).sort((a, b) => a - b)).toEqual(activityIds(exported).sort((a, b) => a - b));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);

  it('importing the export back changes nothing', async () => {
    const { done } = await importFile(app, school.token, exported, 'малая.fet');
    expect(done.status).toBe('done');
    expect(done.result).toEqual({ created: {}, updated: {} });
  }, 60_000);

  it('another school does not find the template', async () => {
    const other = await loginAs(app, 'director');
    expect((await call(app, other, 'GET', `/api/timetable/templates/${templateId}/fet`)).statusCode).toBe(
      404,
    );
  });
});
