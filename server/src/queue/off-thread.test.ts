import { once } from 'node:events';
import { echo } from '../../test/off-thread-echo';
import { startProcess, startThread } from './off-thread';

/**
 * queue/off-thread.ts runs a real module file (here test/off-thread-echo.ts, TypeScript loaded through
 * tsx's hook) in a worker thread or a child process; what it was given arrives, its answer comes back.
 */
describe('running code off the API’s thread', () => {
  it('runs an entry in a worker thread', async () => {
    const worker = startThread(echo, { n: 41, lower: false });
    const [answer] = await once(worker, 'message');
    expect(answer).toMatchObject({ n: 42, thread: true });
    await worker.terminate();
  });

  it('runs an entry in a child process at the lowest priority', async () => {
    const child = startProcess(echo, { n: 1, lower: true }, { lowPriority: true });
    const [answer] = await once(child, 'message');
    expect(answer).toMatchObject({ n: 2, thread: false });
    // Linux lowers (nice 19); elsewhere the child keeps its priority.
    if (process.platform === 'linux') expect((answer as { priority: number }).priority).toBe(19);
    if (child.exitCode === null) await once(child, 'exit');
  });

  it('runs nothing where the entry is only imported', () => {
    expect(echo.file).toMatch(/off-thread-echo\.ts$/);
  });
});
