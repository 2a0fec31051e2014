import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebouncedValue } from './use-debounced-value.ts';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useDebouncedValue', () => {
  it('passes a value on only once it has held still for the delay', () => {
    const hook = renderHook(({ value }) => useDebouncedValue(value, 200), { initialProps: { value: 'd' } });
    expect(hook.result.current).toBe('d');

    hook.rerender({ value: 'de' });
    act(() => vi.advanceTimersByTime(150));
    hook.rerender({ value: 'den' });
    act(() => vi.advanceTimersByTime(150));
    // Each change restarts the wait: 300 ms have passed, but only 150 since 'den'.
    expect(hook.result.current).toBe('d');

    act(() => vi.advanceTimersByTime(49));
    expect(hook.result.current).toBe('d');
    act(() => vi.advanceTimersByTime(1));
    expect(hook.result.current).toBe('den');
  });
});
