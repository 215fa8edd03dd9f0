import { isRunUnderway, runPollInterval } from './use-run';

describe('following a background run', () => {
  const statusOf = (data: { status: string | null }) => data.status;

  it('asks again while the run is queued or running, never once it ended', () => {
    expect(runPollInterval({ status: 'queued' }, statusOf, 1000, false)).toBe(1000);
    expect(runPollInterval({ status: 'running' }, statusOf, 2000, false)).toBe(2000);
    for (const status of ['done', 'failed', 'stopped', 'impossible', null])
      expect(runPollInterval({ status }, statusOf, 1000, true)).toBe(false);
  });

  it('asks again before the first answer only when told to', () => {
    expect(runPollInterval(undefined, statusOf, 1000, true)).toBe(1000);
    expect(runPollInterval(undefined, statusOf, 1000, false)).toBe(false);
  });

  it('knows which statuses are under way', () => {
    expect(isRunUnderway('queued')).toBe(true);
    expect(isRunUnderway('running')).toBe(true);
    expect(isRunUnderway('done')).toBe(false);
    expect(isRunUnderway(undefined)).toBe(false);
  });
});
