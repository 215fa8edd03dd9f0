/**
 * The shapes of the files the browser benches write into bench-results/ and `pnpm bench`
 * (server/bench/index.ts) reads into its table: one source for writer and reader.
 */

/** What one step of the visit cost on the wire (headers included, as Chromium counts it). */
export interface StepBytes {
  step: string;
  requests: number;
  /** Transferred bytes, all resources. */
  total: number;
  js: number;
  css: number;
  /** API answers and manifests. */
  json: number;
  /** Scripts fetched from the network rather than the cache. */
  jsFromNetwork: number;
  budget: number | null;
  /** Wall time of the step in the browser, from its action to the page showing its result. */
  ms: number;
  /** Every resource of the step, largest first, to see what a budget is spent on. */
  resources: { url: string; type: string; bytes: number; fromCache: boolean }[];
}

/** The journal's figures (issue 14): grid interactive after the click, and 20 marks each until saved. */
export interface JournalTimings {
  /** Click on a journal in the index → the grid and its first cell on screen. */
  grid_visible_ms: number;
  /** Click on a journal in the index → a cell of the grid selected by a click (ready for typing). */
  grid_interactive_ms: number;
  grid_interactive_target_ms: number;
  /** Keystrokes of one mark (and Enter) → the cell shows it saved, for 20 marks in a row. */
  mark_saved_ms: { median: number; max: number; all: number[] };
  mark_saved_target_ms: number;
}

/** bench-results/front-end.json */
export interface FrontEndFile {
  measuredAt: string;
  acceptEncoding: string;
  steps: StepBytes[];
  journal: JournalTimings | null;
}

/** Lighthouse mobile figures of one page: the median of its runs (by performance score). */
export interface LighthouseFigures {
  page: string;
  /**
   * Performance score, total blocking time and the machine's speed (Lighthouse's benchmarkIndex) of
   * every run, in order: how noisy the median is.
   */
  runs: { performance: number; tbt: number; benchmarkIndex: number }[];
  /**
   * Lighthouse's benchmarkIndex in the reported run: how fast this machine's CPU was then. The
   * simulated 4× slowdown is applied to what this machine did, so on a machine at half the issue's
   * reference (~2,300) every task, and the TBT built from them, comes out about twice as long.
   */
  benchmarkIndex: number;
  performance: number;
  accessibility: number;
  bestPractices: number;
  /** Total blocking time, ms. */
  tbt: number;
  /** Largest contentful paint, ms. */
  lcp: number;
  /** First contentful paint, ms. */
  fcp: number;
  /** Script bytes the page loaded but never ran, KB (Lighthouse's "unused JavaScript"). */
  unusedJsKb: number;
  /** Audits of the accessibility and best-practices categories that failed. */
  failed: string[];
}

/** bench-results/lighthouse.json */
export interface LighthouseFile {
  measured_at: string;
  /** How the signed-in session was made and what «warm» and «cold» cache mean in this run. */
  session: string;
  pages: LighthouseFigures[];
}
