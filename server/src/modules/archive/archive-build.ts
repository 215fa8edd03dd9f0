import { createHash } from 'node:crypto';
import type { Period } from '@parta/shared/domain/contracts/timetable';
import { fullName, groupName } from '@parta/shared/domain/names';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { archiveBuilds } from '../../db/schema';
import type { ArchiveDocument, writeArchivePdf } from '../../files/archive-pdf';
import { writeArchivePdfInThread } from '../../files/archive-pdf-thread';
import type { Actor } from '../../plugins/auth';
import { claimRun, failRun, finishRun } from '../../queue/runs';
import { schoolToday } from '../clock/clock.service';
import { schoolCourseJournals } from '../extracurricular/course-journal.service';
import { finalGrid } from '../journal/final-marks.service';
import { openJournal } from '../journal/journal.service';
import { listLoads } from '../loads/loads.service';
import { getPeriod, listPeriods } from '../periods/periods.service';
import { listSubjects } from '../subjects/subjects.service';
import {
  ARCHIVE_RUN,
  findArchiveClasses,
  findBuilds,
  findLessonTeachers,
  findOrganizationName,
  insertFile,
  STOPPED_REASON,
} from './archive.repository';
import {
  type ArchiveClass,
  byLoadOrder,
  classDocument,
  coveredDates,
  periodsOfClass,
} from './archive-document';
import { courseDocument } from './course-document';

/**
 * The archive's build loop (a background run, queue/runs.ts; its job in archive.jobs.ts): claims
 * the build, then one class at a time reads the journal through its own services, lays out the
 * class's PDF (archive-document.ts → files/archive-pdf.ts) and stores it with its checksum.
 *
 * Where it runs (docs/areas/archive.md). On PostgreSQL: in a child process of its own
 * (archive-child.ts) at the lowest CPU priority, with one database connection, so the kernel serves
 * the journal's requests first and the archive takes the idle CPU. On PGlite (one process owns the
 * data folder) in the API's process: between two loads of a class (and two classes) the job gives
 * way to the journal's users — it waits while the API's event loop is busy with requests (more than
 * half of a short sample), at most GIVE_WAY_MAX_MS at a time — and the PDF is laid out in a
 * low-priority thread (files/archive-pdf-thread.ts).
 */
const GIVE_WAY_SAMPLE_MS = 10;
const GIVE_WAY_BUSY = 0.5;
const GIVE_WAY_MAX_MS = 1000;

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * The job reads as the person who started it, within the build's school only and with nothing but
 * the journal's read key: it needs no more to read what the archive prints.
 */
function builderActor(organizationId: number, userId: number): Actor {
  return {
    userId,
    organizationId,
    organizationIds: [organizationId],
    isPlatformAdmin: false,
    permissions: new Set(['journals.view']),
    tokenId: 0,
  };
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Waits while others keep the event loop busy (see GIVE_WAY_BUSY), for at most GIVE_WAY_MAX_MS. */
async function giveWay() {
  const until = Date.now() + GIVE_WAY_MAX_MS;
  do {
    const before = performance.eventLoopUtilization();
    await pause(GIVE_WAY_SAMPLE_MS);
    if (performance.eventLoopUtilization(before).utilization < GIVE_WAY_BUSY) return;
  } while (Date.now() < until);
}

/** How a build lays out its PDFs and paces its reads: in the API's process, or alone in a child. */
export interface BuildWay {
  layout: typeof writeArchivePdf;
  /** Awaited before each load's read and after each class. */
  pace: () => Promise<void>;
}

/** In the API's process (PGlite): layout in the low-priority thread, reads between the API's requests. */
const IN_PROCESS: BuildWay = { layout: writeArchivePdfInThread, pace: giveWay };

/** One class's document, read through the journal's own services (archive-document.ts computes it). */
async function readClassDocument(
  db: Database,
  actor: Actor,
  school: { name: string; shortName: string },
  chosen: Period,
  target: ArchiveClass,
  builtBy: string | null,
  pace: () => Promise<void>,
) {
  const [allPeriods, loads, finals, subjects] = await Promise.all([
    listPeriods(db, actor, chosen.organization_id),
    listLoads(db, actor, { group_id: target.id }),
    finalGrid(db, actor, target.id),
    listSubjects(db, actor, chosen.organization_id),
  ]);
  const today = schoolToday();
  const { terms, year } = periodsOfClass(allPeriods, chosen, target.number, today);
  const { from, to } = coveredDates(chosen, terms);
  loads.sort(byLoadOrder);
  const teacherRows = await findLessonTeachers(
    db,
    loads.map((load) => load.id),
    from,
    to,
  );
  const read = [];
  for (const load of loads) {
    await pace();
    // One read of the load's whole period (the year: two statements), cut into its terms later.
    const whole = await openJournal(db, actor, target.id, load.id, chosen.id);
    const teachers = teacherRows.filter((row) => row.loadId === load.id).map((row) => fullName(row));
    read.push({ load, whole, teachers });
  }
  return classDocument({
    school,
    chosen,
    target,
    builtBy,
    today,
    terms,
    year,
    finals,
    shortNames: new Map(subjects.map((subject) => [subject.id, subject.short_name])),
    loads: read,
  });
}

/**
 * The dates of the courses' sessions a build keeps: the period's, up to today (a mid-year archive
 * prints no sessions to come).
 */
export function courseDates(period: Period, today: string) {
  return { from: period.start_date, to: period.end_date < today ? period.end_date : today };
}

/**
 * The build: claims it, then one class at a time (never two: the archive must not slow the journal
 * for others) reads, lays out and stores the class's PDF with its checksum, counting the class done
 * in the same transaction; then each course's journal the same way. Any failure leaves the build failed with a Russian reason.
 */
export async function runBuild(
  db: Database,
  buildId: number,
  state: { stopping: boolean },
  log: (message: string) => void,
  way: BuildWay = IN_PROCESS,
) {
  const row = await claimRun(db, ARCHIVE_RUN, buildId);
  if (!row) return;
  try {
    const creator = row.createdBy ?? 0;
    const actor = builderActor(row.organizationId, creator);
    const period = await getPeriod(db, actor, row.periodId);
    const [targets, school, [build]] = await Promise.all([
      findArchiveClasses(db, row.organizationId, period.academic_year, period.grades),
      findOrganizationName(db, row.organizationId),
      findBuilds(db, eq(archiveBuilds.id, buildId)),
    ]);
    const builtBy = build?.created_by_name ?? null;
    /** Lays out one document and stores it with its checksum, counted done in the same transaction. */
    const store = async (
      made: { document: ArchiveDocument; title: string; fileName: string },
      owner: { classId: number | null; courseId: number | null; groupName: string },
    ) => {
      const { bytes, pages } = await way.layout(made.document, new Date());
      await insertFile(db, {
        organizationId: row.organizationId,
        buildId,
        periodId: period.id,
        ...owner,
        title: made.title,
        fileName: made.fileName,
        size: bytes.length,
        sha256: sha256(bytes),
        pages,
        content: bytes,
        createdBy: row.createdBy,
      });
      await way.pace();
    };
    const stopped = async () => {
      if (state.stopping) await failRun(db, ARCHIVE_RUN, buildId, log, undefined, STOPPED_REASON);
      return state.stopping;
    };
    for (const target of targets) {
      if (await stopped()) return;
      const made = await readClassDocument(db, actor, school, period, target, builtBy, way.pace);
      await store(made, { classId: target.id, courseId: null, groupName: groupName(target) });
    }
    // Then each course of внеурочная деятельность that held sessions: its own journal, its own file.
    const today = schoolToday();
    const { from, to } = courseDates(period, today);
    for (const journal of await schoolCourseJournals(db, actor, from, to)) {
      if (await stopped()) return;
      const made = courseDocument({ school, chosen: period, journal, from, to, builtBy, today });
      await store(made, { classId: null, courseId: journal.course.id, groupName: journal.course.name });
    }
    await finishRun(db, ARCHIVE_RUN, buildId, { status: 'done', error: null });
  } catch (error) {
    await failRun(db, ARCHIVE_RUN, buildId, log, error);
  }
}
