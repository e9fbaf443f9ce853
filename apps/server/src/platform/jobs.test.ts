import { afterEach, describe, expect, it, vi } from 'vitest';
import { startJobs } from './jobs';

afterEach(() => vi.useRealTimers());

const flush = () => new Promise<void>((r) => setImmediate(r));

describe('startJobs', () => {
  it('runs each job at start and then on its interval, never two runs of one job at once, and logs failures', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const log = { info: vi.fn(), error: vi.fn() };
    let release: () => void = () => {};
    let runs = 0;
    const slow = { name: 'slow', everyMs: 1000, run: () => new Promise<number>((r) => ((runs += 1), (release = () => r(2)))) };
    const failing = { name: 'failing', everyMs: 1000, run: () => Promise.reject(new Error('boom')) };
    const stop = startJobs([slow, failing], log);
    expect(runs).toBe(1);
    vi.advanceTimersByTime(3000); // still running: the ticks are skipped
    expect(runs).toBe(1);
    release();
    await flush();
    expect(log.info).toHaveBeenCalledWith({ job: 'slow', n: 2 }, 'job done');
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ job: 'failing' }), 'job failed');
    vi.advanceTimersByTime(1000);
    expect(runs).toBe(2);
    stop();
    release();
    await flush();
    vi.advanceTimersByTime(5000);
    expect(runs).toBe(2);
  });
});
