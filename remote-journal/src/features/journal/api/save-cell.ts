import { apiClient, getErrorStatus } from '@parta/shared';
import type {
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

/** Where the queue survives a reload. */
const QUEUE_STORAGE_KEY = 'parta.journal.queue';

/** What a queued save carries: serialisable, since it may sit in localStorage. */
export interface CellSave
  extends Pick<JournalCell, 'lesson_id' | 'student_id' | 'grades' | 'attendance' | 'version'> {
  /** The grid whose cache takes the answer. */
  gridKey: readonly unknown[];
}

export const cellKey = (lessonId: number, studentId: number) => `${lessonId}|${studentId}`;

/** PUT /api/journal/lessons/{lesson_id}/students/{student_id}. */
export async function saveCell(save: CellSave): Promise<JournalCell> {
  // Grades were parsed by parseCellText, so each value is 1–5 as CellInput requires.
  const body = { grades: save.grades, attendance: save.attendance, version: save.version } as CellInput;
  const response = await apiClient.put<{ data: JournalCell }>(
    `/journal/lessons/${save.lesson_id}/students/${save.student_id}`,
    body,
  );
  return response.data.data;
}

/** A refused save whose cell someone else changed: `current` is what the server holds now. */
export class CellConflictError extends Error {
  constructor(readonly current: JournalCell) {
    super('Клетку уже изменил другой пользователь');
  }
}

const sameContent = (cell: JournalCell, save: CellSave) =>
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
      mutation.state.status === 'pending' && mutation.options.mutationKey?.[1] === SAVE_CELL_KEY[1],
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
  queryClient.setMutationDefaults(SAVE_CELL_KEY, {
    mutationFn: async (save: CellSave) => {
      const key = cellKey(save.lesson_id, save.student_id);
      const version = Math.max(save.version, ownVersions.get(key) ?? 0);
      try {
        return await saveCell({ ...save, version });
      } catch (error) {
        if (error instanceof AxiosError && error.response?.status === 409) {
          const [current] = (error.response.data as CellConflict).data;
          // Our own save answered before a reload: the server already holds exactly this.
          if (current && sameContent(current, save)) return current;
          if (current) throw new CellConflictError(current);
        }
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
    retry: (failureCount, error) => isTransient(error) && failureCount < 1000,
    retryDelay: (attempt) => Math.min(500 * 2 ** attempt, 5_000),
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
    if (event.mutation?.options.mutationKey?.[1] === SAVE_CELL_KEY[1]) persistQueue(queryClient);
  });
  void queryClient.resumePausedMutations();
}

/** Queues a save of one cell (runs now when online, later when not). */
export function useQueueCellSave() {
  const queryClient = useQueryClient();
  return (save: CellSave) => {
    const mutation = queryClient.getMutationCache().build(queryClient, {
      mutationKey: SAVE_CELL_KEY,
      scope: { id: `journal-cell-${cellKey(save.lesson_id, save.student_id)}` },
    });
    void mutation.execute(save).catch(() => undefined);
  };
}

/** What the screen shows beside a cell. */
export type CellSaveState = 'saving' | 'queued' | 'saved' | 'failed' | 'conflict';

export interface CellSaveStatus {
  state: CellSaveState;
  /** The value typed (shown while saving or queued; on a conflict, what was not saved). */
  save: CellSave;
  error: unknown;
}

function statusOf(mutation: Mutation<unknown, unknown, unknown, unknown>): CellSaveStatus {
  const save = mutation.state.variables as CellSave;
  const { status, isPaused, error, failureCount } = mutation.state;
  const state: CellSaveState =
    status === 'pending'
      ? // Paused offline, or repeating after the server could not be reached: waiting in the queue.
        isPaused || failureCount > 0
        ? 'queued'
        : 'saving'
      : status === 'error'
        ? error instanceof CellConflictError
          ? 'conflict'
          : 'failed'
        : 'saved';
  return { state, save, error };
}

/** The newest save of every cell, by cell key; the grid reads its states from here. */
export function useCellSaveStates(): Map<string, CellSaveStatus> {
  const states = useMutationState({
    filters: { mutationKey: SAVE_CELL_KEY },
    select: (mutation) => statusOf(mutation as Mutation<unknown, unknown, unknown, unknown>),
  });
  return useMemo(() => {
    const map = new Map<string, CellSaveStatus>();
    // The cache lists mutations oldest first: the last one of a cell is its newest save.
    for (const status of states) {
      if (status.save) map.set(cellKey(status.save.lesson_id, status.save.student_id), status);
    }
    return map;
  }, [states]);
}

/** Makes sure the page's query client knows the cell save and has resumed the saved queue. */
export function useCellSaveQueue() {
  registerCellSaves(useQueryClient());
}
