// Bundles the server into dist/ for plain `node`: our TypeScript (and the shared package, which
// ships as source) is compiled in; npm dependencies stay external and load from node_modules.
// The demo catalogue (@habi/demo) stays external too and loads from its own build, so its
// drawings are no part of the server. Code loaded only on some paths (seeding, pretty logs) is
// split into chunks of its own, so a normal start never parses it. Migrations are copied beside
// the bundle.
import { cp, readFile, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const server = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter(
  (name) => !name.startsWith('@habi/') || name === '@habi/demo',
);

await rm(`${server}/dist`, { recursive: true, force: true });
await build({
  absWorkingDir: server,
  // dist/main.js checks the Node.js version before it loads the server (src/main.ts) as a chunk.
  entryPoints: [
    { in: 'src/runtime/entry.ts', out: 'main' },
    'src/cli/backup.ts',
    'src/cli/create-admin.ts',
    'src/cli/restore.ts',
    'src/cli/seed-scale.ts',
  ],
  entryNames: '[name]',
  chunkNames: '[name]-[hash]',
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22.13',
  external,
  sourcemap: true,
  // Some dependencies are CommonJS and call `require`; give the ESM bundle one.
  banner: {
    js: "import { createRequire as __habiRequire } from 'node:module'; const require = __habiRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
await cp(`${server}/src/db/migrations`, `${server}/dist/migrations`, { recursive: true });
