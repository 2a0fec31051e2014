import { afterEach, describe, expect, it, vi } from 'vitest';
import { batched, rememberedLookups } from './batch.ts';

/** A lookup the test answers by hand: each run answers every key with `${key}@${run number}`. */
function controlledLookup() {
  const runs: string[][] = [];
  const pending: { resolve: () => void; fail: (error: Error) => void }[] = [];
  const lookUp = (keys: string[]) => {
    runs.push(keys);
    const run = runs.length;
    return new Promise<Map<string, string>>((resolve, reject) => {
      pending.push({
        resolve: () => resolve(new Map(keys.map((key) => [key, `${key}@${run}`]))),
        fail: reject,
      });
    });
  };
  /** Settles the oldest run still waiting, and lets its callers' continuations run. */
  const settle = async (how: 'resolve' | 'fail' = 'resolve') => {
    const run = pending.shift()!;
    if (how === 'resolve') run.resolve();
    else run.fail(new Error('lookup failed'));
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { lookUp, runs, settle };
}

describe('batched', () => {
  it('runs at once when idle, and gathers the keys of callers arriving meanwhile into one next run', async () => {
    const { lookUp, runs, settle } = controlledLookup();
    const ask = batched(lookUp);
    const first = ask(['a']);
    const second = ask(['b', 'c']);
    const third = ask(['c', 'd']);
    expect(runs).toEqual([['a']]);
    await settle();
    expect((await first).get('a')).toBe('a@1');
    // The latecomers' run starts only once the first ends: sent after they arrived.
    expect(runs).toEqual([['a'], ['b', 'c', 'd']]);
    await settle();
    expect([...(await second)]).toEqual([...(await third)]);
    expect((await third).get('d')).toBe('d@2');
  });

  it('gives a failed run to its callers alone; the next run goes ahead', async () => {
    const { lookUp, runs, settle } = controlledLookup();
    const ask = batched(lookUp);
    const failing = ask(['a']);
    const next = ask(['b']);
    const failed = expect(failing).rejects.toThrow('lookup failed');
    await settle('fail');
    await failed;
    expect(runs).toEqual([['a'], ['b']]);
    await settle();
    expect((await next).get('b')).toBe('b@2');
  });

  it('passes a work that throws at once to its caller as a rejection', async () => {
    const ask = batched<string, number>(() => {
      throw new Error('no database');
    });
    await expect(ask(['a'])).rejects.toThrow('no database');
    // Nothing is left in flight.
    await expect(ask(['b'])).rejects.toThrow('no database');
  });
});

describe('rememberedLookups', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('looks each key up once while it is remembered, and again once it is older than `ms`', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { lookUp, runs, settle } = controlledLookup();
    const ask = rememberedLookups(lookUp, { ms: 1000, max: 10 });
    const first = ask(['a', 'b']);
    await settle();
    expect([...(await first)]).toEqual([
      ['a', 'a@1'],
      ['b', 'b@1'],
    ]);
    // Remembered: only the new key is looked up.
    const second = ask(['b', 'c']);
    await settle();
    expect([...(await second)]).toEqual([
      ['b', 'b@1'],
      ['c', 'c@2'],
    ]);
    vi.setSystemTime(Date.now() + 1000);
    const third = ask(['a']);
    await settle();
    expect((await third).get('a')).toBe('a@3');
    expect(runs).toEqual([['a', 'b'], ['c'], ['a']]);
  });

  it('lets a key asked while its lookup runs wait for that lookup', async () => {
    const { lookUp, runs, settle } = controlledLookup();
    const ask = rememberedLookups(lookUp, { ms: 60_000, max: 10 });
    const first = ask(['a']);
    const second = ask(['a']);
    await settle();
    expect((await first).get('a')).toBe('a@1');
    expect((await second).get('a')).toBe('a@1');
    expect(runs).toEqual([['a']]);
  });

  it('answers a remembered key even when the same call drops it to make room for a new one', async () => {
    const { lookUp, settle } = controlledLookup();
    const ask = rememberedLookups(lookUp, { ms: 60_000, max: 2 });
    for (const key of ['a', 'b']) {
      const asked = ask([key]);
      await settle();
      await asked;
    }
    // a is remembered but the oldest: c, new, takes its place.
    const mixed = ask(['a', 'c']);
    await settle();
    expect([...(await mixed)]).toEqual([
      ['a', 'a@1'],
      ['c', 'c@3'],
    ]);
  });

  it('forgets a failed lookup, so the next caller asks again', async () => {
    const { lookUp, runs, settle } = controlledLookup();
    const ask = rememberedLookups(lookUp, { ms: 60_000, max: 10 });
    const failing = ask(['a']);
    const failed = expect(failing).rejects.toThrow('lookup failed');
    await settle('fail');
    await failed;
    const again = ask(['a']);
    await settle();
    expect((await again).get('a')).toBe('a@2');
    expect(runs).toEqual([['a'], ['a']]);
  });
});
