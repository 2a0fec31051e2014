import { afterEach, describe, expect, it, vi } from 'vitest';
import { every } from './periodic.ts';

describe('every', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs the task each interval, never two at once, and stop waits for the run under way', async () => {
    vi.useFakeTimers();
    let runs = 0;
    let finish: () => void = () => {};
    const job = every(1_000, () => {
      runs += 1;
      return new Promise<void>((resolve) => {
        finish = resolve;
      });
    });
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(1);
    // Still running when the next two are due: neither starts.
    await vi.advanceTimersByTimeAsync(2_000);
    expect(runs).toBe(1);
    finish();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(2);

    let stopped = false;
    const stopping = job.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runs).toBe(2);
  });

  it('runs now when asked, joining a run under way instead of starting a second', async () => {
    vi.useFakeTimers();
    let runs = 0;
    let finish: () => void = () => {};
    const job = every(60_000, () => {
      runs += 1;
      return new Promise<void>((resolve) => {
        finish = resolve;
      });
    });
    let first = false;
    void job.runNow().then(() => {
      first = true;
    });
    expect(runs).toBe(1);
    void job.runNow();
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(first).toBe(false);
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(first).toBe(true);
    // The timer still comes round.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toBe(2);
    finish();
    await job.stop();
  });
});
