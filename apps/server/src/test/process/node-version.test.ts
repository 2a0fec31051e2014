import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverDir, tempDataDir, watch } from './server-process.ts';

/**
 * A Node.js older than the server runs on, to start the built server with: HABI_TEST_OLD_NODE, or
 * the machine's own /usr/bin/node (Node 20 from Debian on the project's machines, where the tests
 * themselves run on the project's Node 24 from node_modules/.bin). None on a machine with only
 * newer ones, and then the test is skipped.
 */
function oldNode(): { path: string; version: string } | undefined {
  const candidate = process.env.HABI_TEST_OLD_NODE ?? '/usr/bin/node';
  if (!existsSync(candidate)) return undefined;
  const version = execFileSync(candidate, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim();
  return Number(version.split('.')[0]) < 22 ? { path: candidate, version } : undefined;
}

const old = oldNode();

describe('the built server on a Node.js too old for it', () => {
  it.skipIf(!old)(
    `says what to do in one line and exits 1 before it loads anything (Node ${old?.version ?? 'none'})`,
    async () => {
      const data = await tempDataDir();
      try {
        const server = watch(
          spawn(old!.path, [path.join(serverDir, 'dist', 'main.js')], {
            cwd: serverDir,
            env: { PATH: process.env.PATH ?? '', DATA_DIR: data.dir, PORT: '0', LOG_LEVEL: 'info' },
            stdio: ['ignore', 'pipe', 'pipe'],
          }),
        );
        expect(await server.exited).toEqual({ code: 1, signal: null });
        expect(server.stderr()).toBe(
          `Habi needs Node.js 22.13 or later (this is ${old!.version}): start it with \`npm start\`, ` +
            "or with the project's node_modules/.bin/node\n",
        );
        expect(server.stdout()).toBe('');
        // Nothing of the server ran: no data-directory lock, no database.
        expect(readdirSync(data.dir)).toEqual([]);
      } finally {
        await data.remove();
      }
    },
  );
});
