// `npm start`: builds what is missing or stale, then becomes the server. The server is loaded
// into this very process (no child, no wrapper), so the signals npm passes on reach it and its
// graceful shutdown runs; the package script `exec`s this file for the same reason.
import { buildIfStale } from './build-if-stale.mjs';

buildIfStale();
process.env.NODE_ENV ??= 'production';
await import('../apps/server/dist/main.js');
