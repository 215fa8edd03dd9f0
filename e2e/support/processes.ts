import type { ChildProcess } from 'node:child_process';

/**
 * Stops a child started with `detached: true` (its own process group) and everything it started:
 * SIGTERM to the group, SIGKILL to the group after `graceMs`; resolves once the child has exited.
 * pnpm does not pass a SIGTERM on to what it runs, so signalling the child alone would leave the
 * real server running past the test run.
 */
export async function stopGroup(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (!child.pid || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-(child.pid as number), name);
    } catch {
      // the group is gone already
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
  // What the child started may outlive it by a moment (a server finishing its SIGTERM): the group's last word.
  signal('SIGKILL');
}
