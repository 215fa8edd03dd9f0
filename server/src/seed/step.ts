import type { SeedContext } from './context';
import type { SeededSchool } from './school';

export interface SeedOptions {
  /** 'demo': ~600 students in школа №1; 'large': ~2,000 students for benchmarks. */
  size?: 'demo' | 'large';
  /**
   * The day the seed runs on (`YYYY-MM-DD`), by default the school clock's today: the demo journal
   * reaches the day before (seed/curriculum.ts `journalUntil`). Tests pass a fixed day.
   */
  today?: string;
}

/** What the seed built, for later steps (timetable, journal, КТП) and for tests. */
export interface SeedResult {
  platformId: number;
  school1: SeededSchool;
  branch: SeededSchool;
  school2: SeededSchool;
  demoStudentId: number;
  /** The last day of the seeded journal (marks, attendance, topics; «Факт» of the КТП); later lessons are empty. */
  journalUntil: string;
  context: SeedContext;
}

/** A later issue's seed step: gets the context and what the base seed built. */
export type SeedStep = (result: SeedResult, options: Required<SeedOptions>) => Promise<void>;
