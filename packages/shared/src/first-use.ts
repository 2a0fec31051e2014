/**
 * A value made on its first use, then kept. For formatters: making one costs far more than
 * formatting (a tenth of an order's time on the server when each delivery date made its own),
 * and the first one a page makes loads the locale's data, a long stretch of a phone's first
 * script run (about 15 ms at a phone's speed) when made as the module loads.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= make();
    return value;
  };
}
