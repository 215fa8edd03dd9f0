import { apiClient, createQueryClient } from '@parta/shared';
import type { JournalCell, JournalGrid } from '@parta/shared/domain/contracts/journal';
import { type Mutation, onlineManager, type QueryClient } from '@tanstack/react-query';
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import {
  type CellSave,
  type CellSaveStatus,
  cellKey,
  queueCellBatch,
  queueCellSave,
  registerCellSaves,
  saveErrorText,
  statusesOf,
} from './save-cell';

/**
 * The offline queue of journal cells against a small journal server standing in for the network:
 * the app's real axios client and query client, the queue's real mutation defaults and storage.
 * The server keeps versions as the API does (a save on an older version answers 409 with the cell
 * as it is now; the batch route saves all cells or none).
 */
interface Server {
  cells: Map<string, JournalCell>;
  requests: string[];
  /** Answers to give before behaving normally: 'down' (no answer), a status code. */
  script: ('down' | number)[];
}

let server: Server;
const GRID_KEY = ['journal', 'grid', { groupId: 1, loadId: 1, periodId: null }] as const;

function reply(config: InternalAxiosRequestConfig, status: number, data: unknown): AxiosResponse {
  const response: AxiosResponse = { status, statusText: String(status), data, headers: {}, config };
  if (status >= 400) throw new AxiosError(`status ${status}`, 'ERR_BAD_RESPONSE', config, {}, response);
  return response;
}

function answer(config: InternalAxiosRequestConfig): AxiosResponse {
  server.requests.push(`${config.method?.toUpperCase()} ${config.url}`);
  const scripted = server.script.shift();
  if (scripted === 'down') throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
  if (scripted !== undefined) return reply(config, scripted, { message: 'Оценка — число от 1 до 5' });
  const body = JSON.parse(config.data as string);
  const single = /^\/journal\/lessons\/(\d+)\/students\/(\d+)$/.exec(config.url ?? '');
  const writes: JournalCell[] = single
    ? [{ lesson_id: Number(single[1]), student_id: Number(single[2]), ...body }]
    : body.cells;
  const stale = writes
    .map((write) => server.cells.get(cellKey(write.lesson_id, write.student_id)))
    .filter((now, index): now is JournalCell => (now?.version ?? 0) > writes[index].version);
  if (stale.length > 0) return reply(config, 409, { message: 'Клетку уже изменили', data: stale });
  const saved = writes.map((write) => {
    const cell = {
      lesson_id: write.lesson_id,
      student_id: write.student_id,
      grades: write.grades.map((grade) => ({ value: grade.value, work_type_id: grade.work_type_id ?? null })),
      attendance: write.attendance,
      version: write.version + 1,
    };
    server.cells.set(cellKey(cell.lesson_id, cell.student_id), cell);
    return cell;
  });
  return reply(config, 200, { data: single ? saved[0] : saved });
}

const emptyGrid = { cells: [] } as unknown as JournalGrid;

/** A page: a query client with the grid in its cache and the queue registered (restoring storage). */
function openPage(): QueryClient {
  const client = createQueryClient();
  client.mount();
  client.setQueryData(GRID_KEY, emptyGrid);
  registerCellSaves(client);
  return client;
}

const save = (lesson: number, student: number, grade: number, version = 0): CellSave => ({
  lesson_id: lesson,
  student_id: student,
  grades: [{ value: grade, work_type_id: null }],
  attendance: null,
  version,
  gridKey: GRID_KEY,
});

function states(client: QueryClient): Map<string, CellSaveStatus> {
  const map = new Map<string, CellSaveStatus>();
  for (const mutation of client.getMutationCache().getAll()) {
    for (const status of statusesOf(mutation as Mutation<unknown, unknown, unknown, unknown>))
      map.set(cellKey(status.save.lesson_id, status.save.student_id), status);
  }
  return map;
}

const gridCell = (client: QueryClient, lesson: number, student: number) =>
  client
    .getQueryData<JournalGrid>(GRID_KEY)
    ?.cells.find((cell) => cell.lesson_id === lesson && cell.student_id === student);

const until = async (check: () => boolean) => {
  for (let waited = 0; !check(); waited += 20) {
    if (waited > 10_000) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

beforeEach(() => {
  server = { cells: new Map(), requests: [], script: [] };
  apiClient.defaults.adapter = async (config) => answer(config);
  localStorage.clear();
  onlineManager.setOnline(true);
});

describe('the journal save queue', () => {
  it('saves a typed cell and puts the answer into the grid', async () => {
    const client = openPage();
    await queueCellSave(client, save(1, 1, 5));
    expect(server.requests).toEqual(['PUT /journal/lessons/1/students/1']);
    expect(gridCell(client, 1, 1)).toMatchObject({ grades: [{ value: 5 }], version: 1 });
    expect(states(client).get('1|1')?.state).toBe('saved');
    // A second save of the cell goes on the version the first one answered.
    await queueCellSave(client, save(1, 1, 4, 0));
    expect(server.cells.get('1|1')).toMatchObject({ grades: [{ value: 4 }], version: 2 });
  });

  it('keeps saves made offline across a reload and sends them when the network returns', async () => {
    onlineManager.setOnline(false);
    const before = openPage();
    void queueCellSave(before, save(2, 1, 3));
    void queueCellSave(before, save(2, 2, 4));
    await until(
      () => [...states(before).values()].filter((status) => status.state === 'queued').length === 2,
    );
    expect(server.requests).toEqual([]);
    const stored = JSON.parse(localStorage.getItem('parta.journal.queue') ?? '{}');
    expect(stored.mutations).toHaveLength(2);
    before.unmount();

    // The reload: a new page restores the queue from storage and, back online, sends it.
    const after = openPage();
    expect([...states(after).values()].map((status) => status.state)).toEqual(['queued', 'queued']);
    onlineManager.setOnline(true);
    await until(() => server.cells.size === 2);
    await until(() => localStorage.getItem('parta.journal.queue') === null);
    expect(server.cells.get('2|2')).toMatchObject({ grades: [{ value: 4 }], version: 1 });
    expect(gridCell(after, 2, 1)).toMatchObject({ grades: [{ value: 3 }] });
    after.unmount();
  });

  it('repeats a save the server could not take (no answer, 5xx) until it goes through', async () => {
    server.script = ['down', 503];
    const client = openPage();
    const done = queueCellSave(client, save(3, 1, 5));
    // After the first failure the cell waits in the queue for the next attempt.
    await until(() => server.requests.length === 1 && states(client).get('3|1')?.state === 'queued');
    await done;
    expect(server.requests).toHaveLength(3);
    expect(states(client).get('3|1')?.state).toBe('saved');
  }, 15_000);

  it('shows a conflict when someone else saved the cell first, and their value', async () => {
    server.cells.set('4|1', {
      lesson_id: 4,
      student_id: 1,
      grades: [{ value: 2, work_type_id: null }],
      attendance: null,
      version: 1,
    });
    const client = openPage();
    await queueCellSave(client, save(4, 1, 5));
    const status = states(client).get('4|1');
    expect(status?.state).toBe('conflict');
    expect(gridCell(client, 4, 1)).toMatchObject({ grades: [{ value: 2 }], version: 1 });
    expect(server.cells.get('4|1')?.grades).toEqual([{ value: 2, work_type_id: null }]);
  });

  it('takes a 409 holding exactly its own value as saved (answered before a reload)', async () => {
    server.cells.set('5|1', {
      lesson_id: 5,
      student_id: 1,
      grades: [{ value: 5, work_type_id: null }],
      attendance: null,
      version: 1,
    });
    const client = openPage();
    await queueCellSave(client, save(5, 1, 5));
    expect(states(client).get('5|1')?.state).toBe('saved');
  });

  it('does not repeat a refused save (4xx) and says why', async () => {
    server.script = [422];
    const client = openPage();
    await queueCellSave(client, save(6, 1, 5));
    expect(server.requests).toHaveLength(1);
    const status = states(client).get('6|1');
    expect(status?.state).toBe('failed');
    expect(saveErrorText(status?.error)).toBe('Оценка — число от 1 до 5');
  });

  it('saves a paste as one batch request, every cell saved', async () => {
    const client = openPage();
    const cells = [save(7, 1, 5), save(7, 2, 4), save(8, 1, 3)].map(({ gridKey: _, ...cell }) => cell);
    await queueCellBatch(client, { gridKey: GRID_KEY, cells });
    expect(server.requests).toEqual(['PUT /journal/cells']);
    expect([...states(client).values()].map((status) => status.state)).toEqual(['saved', 'saved', 'saved']);
    expect(gridCell(client, 8, 1)).toMatchObject({ grades: [{ value: 3 }], version: 1 });
  });

  it('saves none of a batch with a stale cell: that cell is a conflict, the rest not saved', async () => {
    server.cells.set('9|2', {
      lesson_id: 9,
      student_id: 2,
      grades: [{ value: 2, work_type_id: null }],
      attendance: null,
      version: 1,
    });
    const client = openPage();
    const cells = [save(9, 1, 5), save(9, 2, 5)].map(({ gridKey: _, ...cell }) => cell);
    await queueCellBatch(client, { gridKey: GRID_KEY, cells });
    const result = states(client);
    expect(result.get('9|1')?.state).toBe('failed');
    expect(result.get('9|2')?.state).toBe('conflict');
    expect(saveErrorText(result.get('9|1')?.error)).toMatch(/^Вставка сохраняется целиком/);
    expect(server.cells.has('9|1')).toBe(false);
    expect(gridCell(client, 9, 2)).toMatchObject({ grades: [{ value: 2 }] });
  });
});
