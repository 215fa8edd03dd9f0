/** Lets the browser handle input and paint between two pieces of start-up work. */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Runs the start-up imports one after another, each in a task of its own. A shared library is
 * evaluated when its import resolves; one after another they would make a single long task (on a
 * phone, seconds in which a tap or a keystroke waits).
 */
export async function startInSteps(steps: (() => Promise<unknown>)[]): Promise<void> {
  for (const step of steps) {
    await step();
    await nextTask();
  }
}
