import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/**
 * The JavaScript heap in use once everything unreachable is collected: what a test compares
 * before and after many requests to see that nothing of them was kept. fetch's timings, which
 * name the last 250 URLs asked for, are let go first.
 */
export function heapAfterGc() {
  performance.clearResourceTimings();
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}
