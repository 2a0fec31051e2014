/**
 * Runs `work` for many callers at once, one run at a time: a caller arriving while a run is in
 * flight joins the next run, which starts when that one ends. So each run was started after its
 * callers arrived (and sees every write committed before they did), and a burst of callers costs
 * two runs, not one each. A run gets every key its callers asked for, and each caller its whole
 * result.
 */
export function batched<K, V>(work: (keys: K[]) => Promise<V>): (keys?: Iterable<K>) => Promise<V> {
  let inFlight = false;
  let next: { keys: Set<K>; promise: Promise<V>; settle: (run: Promise<V>) => void } | undefined;

  const run = (keys: Set<K>): Promise<V> => {
    inFlight = true;
    let result: Promise<V>;
    try {
      result = work([...keys]);
    } catch (error) {
      result = Promise.reject(error);
    }
    const done = () => {
      inFlight = false;
      const waiting = next;
      next = undefined;
      if (waiting) waiting.settle(run(waiting.keys));
    };
    result.then(done, done);
    return result;
  };

  return (keys = []) => {
    if (!inFlight) return run(new Set(keys));
    if (!next) {
      let settle!: (run: Promise<V>) => void;
      const promise = new Promise<V>((resolve) => {
        settle = resolve;
      });
      next = { keys: new Set(), promise, settle };
    }
    for (const key of keys) next.keys.add(key);
    return next.promise;
  };
}

/**
 * Answers keys through `lookUp`, batched as above, and remembers each answer for `ms` (the most
 * recent `max` answers): a key asked again meanwhile, or while its lookup runs, costs no lookup.
 * A failed lookup is not remembered.
 */
export function rememberedLookups<K, V>(
  lookUp: (keys: K[]) => Promise<Map<K, V>>,
  { ms, max }: { ms: number; max: number },
): (keys: K[]) => Promise<Map<K, V>> {
  const known = new Map<K, { at: number; answer: Promise<V> }>();
  const batch = batched(lookUp);
  return async (keys) => {
    const now = Date.now();
    // The caller's own answers: one dropped from `known` by later callers still reaches it.
    const answers = new Map<K, Promise<V>>();
    const missing = keys.filter((key) => {
      const entry = known.get(key);
      if (entry && now - entry.at < ms) answers.set(key, entry.answer);
      return !answers.has(key);
    });
    if (missing.length > 0) {
      const looked = batch(missing);
      for (const key of missing) {
        const entry = { at: now, answer: looked.then((all) => all.get(key) as V) };
        answers.set(key, entry.answer);
        known.delete(key);
        known.set(key, entry);
        entry.answer.catch(() => known.get(key) === entry && known.delete(key));
      }
      while (known.size > max) known.delete(known.keys().next().value as K);
    }
    return new Map(
      await Promise.all([...answers].map(async ([key, answer]) => [key, await answer] as const)),
    );
  };
}
