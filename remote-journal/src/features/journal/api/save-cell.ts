import { apiPut, getErrorMessage, getErrorStatus } from '@parta/shared';
import type {
  CellBatchInput,
  CellConflict,
  CellInput,
  JournalCell,
  JournalGrid,
} from '@parta/shared/domain/contracts/journal';
import {
  dehydrate,
  hydrate,
  type Mutation,
  type QueryClient,
  useMutationState,
  useQueryClient,
} from '@tanstack/react-query';
import { AxiosError } from 'axios';
import { useMemo } from 'react';

/**
 * Cell saves are the one write that must never be lost: they run through TanStack's paused
 * mutations (see shared/README.md «Writes that must not be lost»). Registered once per query client
 * as mutation defaults, so a save queued offline, or persisted and restored after a reload, still
 * knows how to run. Saves of one cell run one after another (`scope`), each on the version the
 * previous one answered.
 */
export const SAVE_CELL_KEY = ['journal', 'save-cell'] as const;

/** Several cells at once (paste, fill down) through the atomic batch route: all saved or none. */
export const SAVE_CELLS_KEY = ['journal', 'save-cells'] as const;

const QUEUED_KINDS = new Set<unknown>([SAVE_CELL_KEY[1], SAVE_CELLS_KEY[1]]);
const isQueuedSave = (mutationKey: readonly unknown[] | undefined) =>
  mutationKey?.[0] === SAVE_CELL_KEY[0] && QUEUED_KINDS.has(mutationKey?.[1]);

/** Where the queue survives a reload. */
const QUEUE_STORAGE_KEY = 'parta.journal.queue';

/** What a queued save carries: serialisable, since it may sit in localStorage. */
export interface CellSave
  extends Pick<JournalCell, 'lesson_id' | 'student_id' | 'grades' | 'attendance' | 'version'> {
  /** The grid whose cache takes the answer. */
  gridKey: readonly unknown[];
}

/** What a queued batch carries (paste, fill down): the cells and the grid that takes the answer. */
export interface CellBatchSave {
  gridKey: readonly unknown[];
  cells: Pick<JournalCell, 'lesson_id' | 'student_id' | 'grades' | 'attendance' | 'version'>[];
}

export const cellKey = (lessonId: number, studentId: number) => `${lessonId}|${studentId}`;

/** PUT /api/journal/lessons/{lesson_id}/students/{student_id}. */
export async function saveCell(save: CellSave): Promise<JournalCell> {
  // Grades were parsed by parseCellText, so each value is 1–5 as CellInput requires.
  const body = { grades: save.grades, attendance: save.attendance, version: save.version } as CellInput;
  return apiPut<JournalCell>(`/journal/lessons/${save.lesson_id}/students/${save.student_id}`, body);
}

/** PUT /api/journal/cells: the whole batch, or a 409 naming the stale cells. */
export async function saveCellBatch(batch: CellBatchSave): Promise<JournalCell[]> {
  const body = { cells: batch.cells } as CellBatchInput;
  return apiPut<JournalCell[]>('/journal/cells', body);
}

/** A refused save whose cell someone else changed: `current` is what the server holds now. */
export class CellConflictError extends Error {
  constructor(readonly current: JournalCell) {
    super('Клетку уже изменил другой пользователь');
  }
}

/** A refused batch: `current` holds the cells someone else changed; none of the batch was saved. */
export class CellBatchConflictError extends Error {
  constructor(readonly current: JournalCell[]) {
    super('Вставка сохраняется целиком, а другую её клетку уже изменил другой пользователь');
  }
}

/** Why a save failed, in words for the grid's list of unsaved cells. */
export function saveErrorText(error: unknown): string {
  return error instanceof CellBatchConflictError ? error.message : getErrorMessage(error);
}

const sameContent = (cell: JournalCell, save: Pick<CellSave, 'grades' | 'attendance'>) =>
  cell.attendance === save.attendance &&
  cell.grades.length === save.grades.length &&
  cell.grades.every(
    (grade, index) =>
      grade.value === save.grades[index].value && grade.work_type_id === save.grades[index].work_type_id,
  );

/** Writes a saved cell into the grid it belongs to. */
export function putCellInGrid(queryClient: QueryClient, gridKey: readonly unknown[], cell: JournalCell) {
  queryClient.setQueryData<JournalGrid>(gridKey, (grid) => {
    if (!grid) return grid;
    const index = grid.cells.findIndex(
      (item) => item.lesson_id === cell.lesson_id && item.student_id === cell.student_id,
    );
    const cells = [...grid.cells];
    if (index >= 0) cells[index] = cell;
    else cells.push(cell);
    return { ...grid, cells };
  });
}

/** The newest version this page saw for a cell from its own saves (versions only grow). */
const ownVersions = new Map<string, number>();

const withOwnVersion = <T extends Pick<JournalCell, 'lesson_id' | 'student_id' | 'version'>>(cell: T): T => ({
  ...cell,
  version: Math.max(cell.version, ownVersions.get(cellKey(cell.lesson_id, cell.student_id)) ?? 0),
});

const conflictOf = (error: unknown): JournalCell[] | null =>
  error instanceof AxiosError && error.response?.status === 409
    ? (error.response.data as CellConflict).data
    : null;

/** A network failure (no answer) or a 5xx is worth repeating; a refusal (4xx) is not. */
function isTransient(error: unknown) {
  const status = getErrorStatus(error);
  return error instanceof AxiosError && (status === undefined || status >= 500);
}

const registered = new WeakSet<QueryClient>();

function persistQueue(queryClient: QueryClient) {
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: () => false,
    shouldDehydrateMutation: (mutation) =>
      mutation.state.status === 'pending' && isQueuedSave(mutation.options.mutationKey),
  });
  // Restored saves must wait for resumePausedMutations, whatever they were doing when the page went.
  for (const mutation of state.mutations) mutation.state.isPaused = true;
  try {
    if (state.mutations.length === 0) localStorage.removeItem(QUEUE_STORAGE_KEY);
    else localStorage.setItem(QUEUE_STORAGE_KEY, JSON.stringify(state));
  } catch {
    // A full or blocked storage keeps the queue in memory only; the screen still shows it.
  }
}

/**
 * Registers the cell save with the page's query client (once), restores the saves a previous
 * page left queued and keeps the queue persisted on every change.
 */
export function registerCellSaves(queryClient: QueryClient) {
  if (registered.has(queryClient)) return;
  registered.add(queryClient);
  const retry = {
    retry: (failureCount: number, error: unknown) => isTransient(error) && failureCount < 1000,
    retryDelay: (attempt: number) => Math.min(500 * 2 ** attempt, 5_000),
  };
  queryClient.setMutationDefaults(SAVE_CELL_KEY, {
    mutationFn: async (save: CellSave) => {
      try {
        return await saveCell(withOwnVersion(save));
      } catch (error) {
        const [current] = conflictOf(error) ?? [];
        // Our own save answered before a reload: the server already holds exactly this.
        if (current && sameContent(current, save)) return current;
        if (current) throw new CellConflictError(current);
        throw error;
      }
    },
    onSuccess: (cell: JournalCell, save: CellSave) => {
      ownVersions.set(cellKey(cell.lesson_id, cell.student_id), cell.version);
      putCellInGrid(queryClient, save.gridKey, cell);
    },
    onError: (error: unknown, save: CellSave) => {
      if (error instanceof CellConflictError) putCellInGrid(queryClient, save.gridKey, error.current);
    },
    ...retry,
  });
  queryClient.setMutationDefaults(SAVE_CELLS_KEY, {
    mutationFn: async (batch: CellBatchSave) => {
      try {
        return await saveCellBatch({ ...batch, cells: batch.cells.map(withOwnVersion) });
      } catch (error) {
        const current = conflictOf(error);
        if (!current) throw error;
        const ours = new Map(batch.cells.map((cell) => [cellKey(cell.lesson_id, cell.student_id), cell]));
        // The batch was saved before a reload: every cell is "stale" and holds exactly ours.
        const alreadySaved =
          current.length === batch.cells.length &&
          current.every((cell) => {
            const own = ours.get(cellKey(cell.lesson_id, cell.student_id));
            return own !== undefined && sameContent(cell, own);
          });
        if (alreadySaved) return current;
        throw new CellBatchConflictError(current);
      }
    },
    onSuccess: (cells: JournalCell[], batch: CellBatchSave) => {
      for (const cell of cells) {
        ownVersions.set(cellKey(cell.lesson_id, cell.student_id), cell.version);
        putCellInGrid(queryClient, batch.gridKey, cell);
      }
    },
    onError: (error: unknown, batch: CellBatchSave) => {
      if (error instanceof CellBatchConflictError) {
        for (const cell of error.current) putCellInGrid(queryClient, batch.gridKey, cell);
      }
    },
    ...retry,
  });
  const stored = localStorage.getItem(QUEUE_STORAGE_KEY);
  if (stored) {
    try {
      hydrate(queryClient, JSON.parse(stored));
    } catch {
      localStorage.removeItem(QUEUE_STORAGE_KEY);
    }
  }
  queryClient.getMutationCache().subscribe((event) => {
    if (isQueuedSave(event.mutation?.options.mutationKey)) persistQueue(queryClient);
  });
  void queryClient.resumePausedMutations();
}

/** Queues a save of one cell (runs now when online, later when not); resolves when it settles. */
export function queueCellSave(queryClient: QueryClient, save: CellSave): Promise<void> {
  const mutation = queryClient.getMutationCache().build(queryClient, {
    mutationKey: SAVE_CELL_KEY,
    scope: { id: `journal-cell-${cellKey(save.lesson_id, save.student_id)}` },
  });
  return mutation.execute(save).then(
    () => undefined,
    () => undefined,
  );
}

/**
 * Queues several cells as one batch (paste, fill down): one request, all saved or none. Batches
 * run one after another; each cell shows the batch's state.
 */
export function queueCellBatch(queryClient: QueryClient, batch: CellBatchSave): Promise<void> {
  if (batch.cells.length === 0) return Promise.resolve();
  const mutation = queryClient.getMutationCache().build(queryClient, {
    mutationKey: SAVE_CELLS_KEY,
    scope: { id: 'journal-cell-batch' },
  });
  return mutation.execute(batch).then(
    () => undefined,
    () => undefined,
  );
}

/** The grid's way to queue one cell. */
export function useQueueCellSave() {
  const queryClient = useQueryClient();
  return (save: CellSave) => void queueCellSave(queryClient, save);
}

/** The grid's way to queue a paste or a fill-down. */
export function useQueueCellBatch() {
  const queryClient = useQueryClient();
  return (batch: CellBatchSave) => void queueCellBatch(queryClient, batch);
}

/** What the screen shows beside a cell. */
export type CellSaveState = 'saving' | 'queued' | 'saved' | 'failed' | 'conflict';

export interface CellSaveStatus {
  state: CellSaveState;
  /** The value typed (shown while saving or queued; on a conflict, what was not saved). */
  save: CellSave;
  error: unknown;
}

function stateOf(mutation: Mutation<unknown, unknown, unknown, unknown>): CellSaveState {
  const { status, isPaused, error, failureCount } = mutation.state;
  if (status === 'pending') {
    // Paused offline, or repeating after the server could not be reached: waiting in the queue.
    return isPaused || failureCount > 0 ? 'queued' : 'saving';
  }
  if (status === 'error') return error instanceof CellConflictError ? 'conflict' : 'failed';
  return 'saved';
}

/** The state of every cell one queued save (a cell or a batch) carries, oldest save first. */
export function statusesOf(mutation: Mutation<unknown, unknown, unknown, unknown>): CellSaveStatus[] {
  const { variables, error } = mutation.state;
  if (!variables) return [];
  const state = stateOf(mutation);
  if (mutation.options.mutationKey?.[1] !== SAVE_CELLS_KEY[1]) {
    return [{ state, save: variables as CellSave, error }];
  }
  const batch = variables as CellBatchSave;
  const stale =
    error instanceof CellBatchConflictError
      ? new Set(error.current.map((cell) => cellKey(cell.lesson_id, cell.student_id)))
      : new Set<string>();
  return batch.cells.map((cell) => ({
    // A stale cell of a refused batch is a conflict; the others were refused along with it.
    state: stale.has(cellKey(cell.lesson_id, cell.student_id)) ? 'conflict' : state,
    save: { ...cell, gridKey: batch.gridKey },
    error,
  }));
}

/** The newest save of every cell, by cell key; the grid reads its states from here. */
export function useCellSaveStates(): Map<string, CellSaveStatus> {
  const states = useMutationState({
    filters: { predicate: (mutation) => isQueuedSave(mutation.options.mutationKey) },
    select: (mutation) => statusesOf(mutation as Mutation<unknown, unknown, unknown, unknown>),
  });
  return useMemo(() => {
    const map = new Map<string, CellSaveStatus>();
    // The cache lists mutations oldest first: the last one of a cell is its newest save.
    for (const statuses of states) {
      for (const status of statuses) map.set(cellKey(status.save.lesson_id, status.save.student_id), status);
    }
    return map;
  }, [states]);
}

/** Makes sure the page's query client knows the cell save and has resumed the saved queue. */
export function useCellSaveQueue() {
  registerCellSaves(useQueryClient());
}
