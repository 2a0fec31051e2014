// Builds the web app and the server when they have never been built or when any of their
// sources (or the shared package they import) changed since, so `npm start` never runs stale
// code and a start on an unchanged tree builds nothing. The server loads the demo catalogue from
// that package's own build, so building the server brings the demo package up to date first.
// `node scripts/build-if-stale.mjs [web] [server] [demo]` from the command line (all by default).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const shared = ['packages/shared/src', 'packages/shared/package.json'];
const TARGETS = {
  web: {
    workspace: '@habi/web',
    // Written last: the server's bundle is built after the browser's.
    output: 'apps/web/dist-ssr/entry-server.js',
    sources: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/scripts',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/package.json',
      ...shared,
    ],
  },
  server: {
    workspace: '@habi/server',
    output: 'apps/server/dist/main.js',
    sources: ['apps/server/src', 'apps/server/scripts', 'apps/server/package.json', ...shared],
    needs: ['demo'],
  },
  demo: {
    workspace: '@habi/demo',
    output: 'packages/demo/dist/index.js',
    sources: [
      'packages/demo/src',
      'packages/demo/scripts/build.mjs',
      'packages/demo/package.json',
      ...shared,
    ],
  },
};

function newestChange(entry) {
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce(
    (newest, name) => Math.max(newest, newestChange(path.join(entry, name))),
    0,
  );
}

export function buildIfStale(names = Object.keys(TARGETS)) {
  const visited = new Set();
  const visit = (name) => {
    if (visited.has(name)) return;
    visited.add(name);
    const { workspace, output, sources, needs = [] } = TARGETS[name];
    for (const need of needs) visit(need);
    const builtAt = existsSync(path.join(root, output)) ? statSync(path.join(root, output)).mtimeMs : 0;
    const changedAt = Math.max(...sources.map((s) => newestChange(path.join(root, s))));
    if (builtAt > changedAt) return;
    console.log(builtAt ? `Sources of ${workspace} changed: rebuilding...` : `Building ${workspace}...`);
    const build = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  };
  for (const name of names) visit(name);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const names = process.argv.slice(2);
  const unknown = names.filter((n) => !(n in TARGETS));
  if (unknown.length) {
    console.error(`Unknown target(s): ${unknown.join(', ')} (use ${Object.keys(TARGETS).join(', ')})`);
    process.exit(2);
  }
  buildIfStale(names.length ? names : undefined);
}
