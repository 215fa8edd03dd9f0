import type { NotificationCategory } from '@parta/shared/domain/contracts/notifications';
import type { Database } from '../db/client';

/**
 * Domain events (docs/ARCHITECTURE.md «Фоновая работа»): a module that changed something others
 * react to emits a typed event with `queue.emit(db, name, event)` and imports nothing of the
 * modules that react. A subscriber (`queue.on`, from its module's `<area>.jobs.ts`) runs inside the
 * emit, on the writer's `db` — its transaction when the writer has one — and queues the jobs it
 * owes there: the jobs are the outbox, written and committed with the change (a rolled-back save
 * owes nothing; a saved one owes its notice). A subscriber's failure fails the writer's transaction,
 * as the job it could not queue would.
 */

/** A pupil's «н»/«б» saved in one lesson by `actorId`. */
export interface AbsenceRecorded {
  lessonId: number;
  studentId: number;
  actorId: number;
}

/** A pupil's final mark of a subject and period set, changed or removed by `actorId`. */
export interface FinalMarkChanged {
  studentId: number;
  subjectId: number;
  periodId: number;
  actorId: number;
}

/** A dated lesson changed by `actorId` (replaced, cancelled, moved, back to plan), and what it was before. */
export interface LessonChanged {
  lessonId: number;
  actorId: number;
  previous: { status: string; teacherId: number | null; date: string };
  /** The substitute is told by the change's caller, one notice for many lessons (no per-lesson one). */
  substituteToldElsewhere?: boolean;
}

/** What one notice says, before it is addressed to anyone. */
export interface Notice {
  organizationId: number;
  category: NotificationCategory;
  title: string;
  body: string;
  /** A path in the app (the diary day, a journal), or null. */
  link: string | null;
  /** Names what it is about: a later change of the same thing replaces it rather than adding one. */
  dedupeKey: string;
}

/**
 * A notice another module composed for one person (the absent teacher's summary of who covers their
 * lessons); never told to `actorId`, who made the change.
 */
export interface NoticeOwed {
  userId: number;
  actorId: number;
  notice: Notice;
}

/** Every domain event by name, with what it carries. */
export interface DomainEvents {
  /** Journal cells with «н»/«б» were saved (in the save's transaction). */
  'journal.absences-recorded': { absences: AbsenceRecorded[] };
  /** A journal save of the school held (after its transaction; a subscriber never fails it). */
  'journal.marks-saved': { organizationId: number };
  /** Final marks were written (in their transaction). */
  'journal.final-marks-changed': { changes: FinalMarkChanged[] };
  /** A one-off change of a dated lesson was saved (in its transaction); `date`: the lesson's date now. */
  'timetable.lesson-changed': { change: LessonChanged; date: string };
  /** A notice for one person is owed once the caller's change holds. */
  'notice.owed': NoticeOwed;
}

export type EventName = keyof DomainEvents;
export type EventHandler<Name extends EventName> = (db: Database, event: DomainEvents[Name]) => Promise<void>;

export interface EventBus {
  /** Subscribes to an event (before the queue starts, as job kinds are registered). */
  on<Name extends EventName>(name: Name, handler: EventHandler<Name>): void;
  /** Runs every subscriber of `name` on `db` (the writer's transaction), one after another. */
  emit<Name extends EventName>(db: Database, name: Name, event: DomainEvents[Name]): Promise<void>;
}

/** The event bus of one queue; `locked()` true: no more subscriptions (the queue runs). */
export function createEventBus(locked: () => boolean = () => false): EventBus {
  const handlers = new Map<EventName, EventHandler<EventName>[]>();
  return {
    on(name, handler) {
      if (locked()) throw new Error(`event ${name} subscribed after the queue started`);
      handlers.set(name, [...(handlers.get(name) ?? []), handler as unknown as EventHandler<EventName>]);
    },
    async emit(db, name, event) {
      for (const handler of handlers.get(name) ?? []) await handler(db, event);
    },
  };
}
