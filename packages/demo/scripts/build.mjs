// Bundles the package into dist/index.js for plain `node`: the built server loads it from there
// (it is external to the server's bundle), while tests and `tsx` use the TypeScript source through
// the "source" export condition. It has no npm dependencies at run time; the shared package ships
// as source and is compiled in.
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const demo = fileURLToPath(new URL('..', import.meta.url));

await rm(`${demo}/dist`, { recursive: true, force: true });
await build({
  absWorkingDir: demo,
  entryPoints: ['src/index.ts'],
  outdir: 'dist',
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node22.13',
  sourcemap: true,
  logLevel: 'warning',
});
