// `npm start`: builds the web app when it is missing or stale, then starts the server, which
// migrates, seeds an empty database and serves the API and the web app on PORT.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildWebIfStale } from './web-build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

buildWebIfStale();

const server = spawn('npm', ['run', 'start', '-w', '@habi/server'], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
