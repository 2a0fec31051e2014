import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EmbeddedClient } from './embedded.ts';

// A new data directory is made by initdb in a child process (embedded-init.ts), so these open
// real directories on disk, as the server does.
let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'habi-initdb-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

it('makes a database where a first start was cut short, clearing what it left, and keeps it at the next start', async () => {
  const dir = path.join(root, 'pglite');
  // What a start killed mid-way can leave: part of a database without its PG_VERSION, and
  // initdb's own work beside it. The lock's file (systems without abstract sockets) stays.
  await mkdir(path.join(dir, 'base', '1'), { recursive: true });
  await writeFile(path.join(dir, 'base', '1', '999999'), 'half a page');
  await writeFile(path.join(dir, 'pg_hba.conf'), 'half a line');
  await writeFile(path.join(dir, '.habi.lock'), '');
  await mkdir(`${dir}.initdb/global`, { recursive: true });

  const first = await EmbeddedClient.open({ dir });
  await first.query('create table kept (n int)');
  await first.query('insert into kept values (7)');
  await first.close();
  expect(existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
  expect(existsSync(path.join(dir, 'base', '1', '999999'))).toBe(false);
  expect(await readFile(path.join(dir, 'pg_hba.conf'), 'utf8')).not.toBe('half a line');
  expect(existsSync(path.join(dir, '.habi.lock'))).toBe(true);
  expect(await readdir(root)).toEqual(['pglite']);

  const second = await EmbeddedClient.open({ dir });
  expect((await second.query<{ n: number }>('select n from kept')).rows).toEqual([{ n: 7 }]);
  await second.close();
});
