// `npm start`: builds the web app when it has not been built, then starts the server, which
// migrates, seeds an empty database and serves the API and the web app on PORT.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

if (!existsSync(new URL('../apps/web/dist/index.html', import.meta.url))) {
  console.log('Building the web app (first start only)...');
  const build = spawnSync(npm, ['run', 'build', '-w', '@habi/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(npm, ['run', 'start', '-w', '@habi/server'], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
