import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirFullError, EmbeddedClient } from '../../db/embedded.ts';
import { isDatabaseUnavailable, isOutOfSpace } from '../../lib/db-errors.ts';
import { until } from './server-process.ts';
import { cannotMount, type SmallDisk, smallDisk } from './small-disk.ts';

// PGlite on a full disk cannot create the next segment of its write-ahead log, and PostgreSQL
// answers that with a PANIC; a PGlite instance asked anything after one never returns (it spins,
// and the event loop with it). Through the store's API a full disk rarely gets there (a segment
// is made ahead at every start and checkpoint, and refused writes write next to no log), so this
// forces a segment switch with pg_switch_wal(), on the embedded database as the server opens it.
const skipReason = await cannotMount();

const failure = (query: Promise<unknown>) =>
  query.then(
    () => undefined,
    (error: unknown) => error,
  );

describe.skipIf(skipReason)(
  `an embedded database that stops on a full disk${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    let disk: SmallDisk;
    let dir: string;
    let client: EmbeddedClient;
    const stops: Error[] = [];

    beforeAll(async () => {
      disk = await smallDisk(96);
      dir = path.join(disk.dir, 'pglite');
      await mkdir(dir);
      client = await EmbeddedClient.open({ dir, onStopped: (error) => stops.push(error) });
      // With a row, so its page is there: the inserts below fit in it on the full disk.
      await client.query('create table acknowledged (n int)');
      await client.query('insert into acknowledged values (0)');
    });
    afterAll(async () => {
      await client?.close();
      await disk?.unmount();
    });

    it('fails every query at once after the PANIC, and reopens once the disk has room, with every commit kept', async () => {
      const committed: number[] = [0];
      await disk.fill();
      let panic: unknown;
      for (let n = 1; n <= 10 && !panic; n++) {
        panic = await failure(
          client.query('insert into acknowledged values ($1)', [n]).then(() => {
            committed.push(n);
            return client.query('select pg_switch_wal()');
          }),
        );
      }
      expect(panic).toMatchObject({ severity: 'PANIC', code: '53100' });
      expect(String((panic as Error).message)).toMatch(/pg_wal.*No space left on device/);
      expect(stops.map((e) => e.message)).toEqual([
        expect.stringMatching(
          /^the embedded database stopped \(.*No space left on device\); it reopens once 32 MB are free$/,
        ),
      ]);

      // Stopped: each query fails at once, as a full disk (503 "cannot save") and unavailable.
      const started = Date.now();
      for (let i = 0; i < 3; i++) {
        const error = await failure(client.query('select 1'));
        expect(error).toMatchObject({ name: 'EmbeddedDatabaseStopped', code: '53100', stopped: true });
        expect(isOutOfSpace(error)).toBe(true);
        expect(isDatabaseUnavailable(error)).toBe(true);
      }
      expect(Date.now() - started).toBeLessThan(500);
      expect(await client.canWrite()).toBe(false);
      // Opened again there (as a restart would), it refuses in one line naming the directory: at
      // once on the full disk, and from PostgreSQL's own words with 4 MB free, since replaying the
      // log after the PANIC needs a new segment (16 MB).
      for (const leave of [0, 4]) {
        await disk.free();
        await disk.fill(leave * 1024 * 1024);
        const second = await failure(EmbeddedClient.open({ dir }));
        expect(second).toBeInstanceOf(DataDirFullError);
        expect((second as Error).message).toBe(
          `Cannot start: the disk holding ${dir} is full (${leave} MB free). Free some space there, then start again.`,
        );
      }

      // Room again: the same client reopens the directory by itself, and every commit is there.
      await disk.free();
      const freed = Date.now();
      await until(() => client.canWrite(), 'the database to reopen', 30_000);
      console.log(`reopened ${Date.now() - freed} ms after the disk had room`);
      const rows = await client.query<{ n: number }>('select n from acknowledged order by n');
      expect(rows.rows.map((r) => r.n)).toEqual(committed);
      await client.query('insert into acknowledged values (100)');
      expect(stops).toHaveLength(1);
    });

    it('refuses a new directory on a disk with less room than initdb needs, and leaves nothing there', async () => {
      // 20 MB free: past the start's 1 MB check, short of a new database's 40 MB.
      await disk.fill(20 * 1024 * 1024);
      const fresh = path.join(disk.dir, 'fresh');
      await mkdir(fresh);
      const refused = await failure(EmbeddedClient.open({ dir: fresh }));
      expect(refused).toBeInstanceOf(DataDirFullError);
      expect((refused as Error).message).toMatch(`Cannot start: the disk holding ${fresh} is full`);
      expect(await readdir(fresh)).toEqual([]);
      expect((await readdir(disk.dir)).filter((name) => name.startsWith('fresh'))).toEqual(['fresh']);
      await disk.free();
    });
  },
);
