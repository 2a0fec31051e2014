// `npm start`: builds what is missing or stale, then becomes the server. The server is loaded
// into this very process (no child, no wrapper), so the signals npm passes on reach it and its
// graceful shutdown runs; the package script `exec`s this file for the same reason.
//
// Its `node` is the project's Node.js 24 (the `node` package, installed by `npm install` at
// node_modules/.bin/node, which npm puts first on a script's PATH), whatever Node.js runs npm.
// Run by hand on an older one, or with that binary missing, it says so before building anything
// (the server's own entry, dist/main.js, checks again for a start without npm).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';

const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 13)) {
  const projectNode = fileURLToPath(new URL('../node_modules/.bin/node', import.meta.url));
  console.error(
    `Habi needs Node.js 22.13 or later (this is ${process.versions.node}): ` +
      (existsSync(projectNode)
        ? 'start it with `npm start`, which runs node_modules/.bin/node'
        : 'run `npm install`, which puts Node.js 24 in node_modules/.bin/node, then `npm start`'),
  );
  process.exit(1);
}

buildIfStale();
process.env.NODE_ENV ??= 'production';
await import('../apps/server/dist/main.js');
