import { getPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { lowerPriority, offThreadEntry } from '../src/queue/off-thread';

/** queue/off-thread.test.ts's entry: answers its number plus one, and its priority after lowering. */
export const echo = offThreadEntry<{ n: number; lower: boolean }>(__filename, ({ n, lower }) => {
  if (lower) lowerPriority(parentPort ? 'thread' : 'process');
  const answer = { n: n + 1, priority: getPriority(), thread: parentPort !== null };
  if (parentPort) parentPort.postMessage(answer);
  else process.send?.(answer, () => process.exit(0));
});
