// The server's entry, built to dist/main.js (apps/server/scripts/build.mjs). It refuses a Node.js
// the store cannot run on with one plain line, before the server or any dependency is loaded,
// and only then loads the server (main.ts). The import is dynamic on purpose: static imports are
// hoisted, so they would load every dependency (and on an old Node fail in one, with a stack
// trace) before this check ran. Keep this file free of static imports.
const MINIMUM = { major: 22, minor: 13 };

const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
if (major < MINIMUM.major || (major === MINIMUM.major && minor < MINIMUM.minor)) {
  process.stderr.write(
    `Habi needs Node.js ${MINIMUM.major}.${MINIMUM.minor} or later (this is ${process.versions.node}): ` +
      "start it with `npm start`, or with the project's node_modules/.bin/node\n",
  );
  process.exitCode = 1;
} else {
  await import('../main.ts');
}

// A module (for the top-level await) that exports nothing.
export {};
