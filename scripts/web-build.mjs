// Builds the web app when it has never been built or when any of its sources (or the shared
// package it imports) changed since the last build, so `npm start` never serves a stale app.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const built = path.join(root, 'apps/web/dist/.vite/manifest.json');
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/package.json',
  'packages/shared/src',
];

function newestChange(entry) {
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce(
    (newest, name) => Math.max(newest, newestChange(path.join(entry, name))),
    0,
  );
}

export function buildWebIfStale() {
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  const changedAt = Math.max(...sources.map((s) => newestChange(path.join(root, s))));
  if (builtAt > changedAt) return;
  console.log(builtAt ? 'Web app sources changed: rebuilding...' : 'Building the web app (first start)...');
  const build = spawnSync('npm', ['run', 'build', '-w', '@habi/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
