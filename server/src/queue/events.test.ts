import type { Database } from '../db/client';
import { createEventBus } from './events';

/** The bus alone (no database): subscribers run inside the emit, on the `db` the writer gave. */
const tx = { name: 'the writer’s transaction' } as unknown as Database;

test('runs every subscriber of an event, in order, on the writer’s db; other events untouched', async () => {
  const bus = createEventBus();
  const seen: string[] = [];
  bus.on('journal.marks-saved', async (db, event) => {
    expect(db).toBe(tx);
    seen.push(`first ${event.organizationId}`);
  });
  bus.on('journal.marks-saved', async (_db, event) => {
    seen.push(`second ${event.organizationId}`);
  });
  bus.on('notice.owed', async () => {
    seen.push('notice');
  });
  await bus.emit(tx, 'journal.marks-saved', { organizationId: 7 });
  expect(seen).toEqual(['first 7', 'second 7']);
});

test('an event no one follows is no error; a subscriber’s failure is the writer’s (its transaction rolls back)', async () => {
  const bus = createEventBus();
  await expect(bus.emit(tx, 'journal.absences-recorded', { absences: [] })).resolves.toBeUndefined();
  bus.on('journal.absences-recorded', async () => {
    throw new Error('no job queued');
  });
  await expect(bus.emit(tx, 'journal.absences-recorded', { absences: [] })).rejects.toThrow('no job queued');
});

test('no subscription once the queue runs', () => {
  let started = false;
  const bus = createEventBus(() => started);
  bus.on('notice.owed', async () => {});
  started = true;
  expect(() => bus.on('notice.owed', async () => {})).toThrow(/after the queue started/);
});
