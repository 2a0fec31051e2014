import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/** Tests of the server as an operator runs it: the built `dist/` on plain node, in its own process. */
export const serverDir = fileURLToPath(new URL('../../..', import.meta.url));
export const ADMIN = { username: 'admin', password: 'process-admin-secret' };

/** The log line of a first start on an empty database: every migration the repository ships. */
export const ALL_MIGRATED = (() => {
  const count = readdirSync(path.join(serverDir, 'src/db/migrations')).filter((f) =>
    f.endsWith('.sql'),
  ).length;
  return `database migrated: ${count} of ${count} migration(s) applied`;
})();

export async function freePort(): Promise<number> {
  const server = net.createServer().listen(0);
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

export async function tempDataDir(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'habi-process-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface RunningProcess {
  child: ChildProcess;
  /** Everything written so far to stdout and stderr. */
  stdout(): string;
  stderr(): string;
  exited: Promise<Exit>;
}

/** Keeps what a child process writes and when it ends. */
export function watch(child: ChildProcess): RunningProcess {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  // 'close', not 'exit': it comes once the output is read to its end too, so a test reading
  // the last log line after the exit sees it (under load 'exit' could come first).
  const exited = new Promise<Exit>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal })),
  );
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

/** Runs one of the built entry points (`main.js`, `create-admin.js`) with the given environment. */
export function run(entry: string, env: Record<string, string>, args: string[] = []): RunningProcess {
  const child = spawn(process.execPath, [path.join(serverDir, 'dist', entry), ...args], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return watch(child);
}

export interface Server extends RunningProcess {
  url: string;
  port: number;
}

/**
 * Starts the server and waits until its health check answers 200. Fails with the server's own
 * output when it exits first or is not up within `timeoutMs`.
 */
export async function startServer(env: Record<string, string>, timeoutMs = 90_000): Promise<Server> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const server = run('main.js', {
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    SEED_DEMO: 'false',
    ...env,
    PORT: String(port),
  });
  const url = `http://127.0.0.1:${port}`;
  let exit: Exit | undefined;
  server.exited.then((e) => {
    exit = e;
  });
  const deadline = Date.now() + timeoutMs;
  while (!exit && Date.now() < deadline) {
    if ((await fetch(`${url}/api/health`).catch(() => null))?.ok) return { ...server, url, port };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  server.child.kill('SIGKILL');
  throw new Error(
    `server did not start (${exit ? `exited ${exit.code}` : 'timed out'}):\n${server.stdout()}\n${server.stderr()}`,
  );
}

/** The JSON log lines a server wrote to stdout. */
export function logLines(server: RunningProcess): { msg: string; level: number; [key: string]: unknown }[] {
  return server
    .stdout()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line));
}

/** A same-origin JSON API call, as the web app makes it. */
export async function api(
  base: string,
  pathname: string,
  {
    method = 'GET',
    body,
    cookie,
    headers = {},
  }: { method?: string; body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
) {
  const response = await fetch(base + pathname, {
    method,
    headers: {
      origin: base,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) };
}

export const cookieFrom = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(';', 1)[0])
    .join('; ');

/**
 * Polls `condition` until it answers something truthy, and answers that: tests wait for states,
 * never for fixed times.
 */
export async function until<T>(
  condition: () => T | Promise<T>,
  what: string,
  timeoutMs = 60_000,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await condition();
    if (value) return value as NonNullable<T>;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

export interface Database {
  url: string;
  query<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
}

/**
 * A new, empty database on the PostgreSQL server `baseUrl` names (its role may create databases),
 * for a test of its own; `drop` removes it.
 */
export async function freshDatabase(baseUrl: string): Promise<Database> {
  const name = `habi_test_process_${randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  // Two connections are plenty for the checks, and leave the instances their pools.
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  // The outage tests terminate every connection to the database, this pool's idle ones too: the
  // pool drops them and opens new ones on the next query.
  pool.on('error', () => {});
  return {
    url: url.toString(),
    query: async (text, values) => (await pool.query(text, values)).rows,
    async drop() {
      await pool.end();
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      try {
        // FORCE ends our own role's sessions, not one it may not signal (an autovacuum worker,
        // busy after a load test): that one is waited out.
        await until(
          () =>
            client.query(`drop database if exists ${name} with (force)`).then(
              () => true,
              (error: { code?: string }) => {
                if (error.code === '42501') return false;
                throw error;
              },
            ),
          `${name} to be dropped`,
        );
      } finally {
        await client.end();
      }
    },
  };
}
