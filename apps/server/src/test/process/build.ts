import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The process tests run the built server: build it first when its sources changed. */
export default function setup() {
  const script = fileURLToPath(new URL('../../../../../scripts/build-if-stale.mjs', import.meta.url));
  const build = spawnSync(process.execPath, [script, 'server'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the server did not build');
}
