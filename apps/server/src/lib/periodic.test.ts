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
});
