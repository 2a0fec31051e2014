// `npm run dev`: the server in watch mode on API_PORT (default 3001) and Vite on PORT
// (default 3000), which proxies /api and /uploads to the server.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const apiPort = process.env.API_PORT ?? '3001';
const env = { ...process.env, API_PORT: apiPort };
const children = [
  spawn('npm', ['run', 'dev', '-w', '@habi/server'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...env, PORT: apiPort },
  }),
  spawn('npm', ['run', 'dev', '-w', '@habi/web'], { cwd: root, stdio: 'inherit', env }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
