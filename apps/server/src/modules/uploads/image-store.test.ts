import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, countRows, type TestApp, testPng } from '../../test/helpers.ts';
import {
  cachedImageStore,
  fileImageStore,
  type ImageStore,
  importImageFiles,
  postgresImageStore,
} from './image-store.ts';
import { storeImage } from './images.ts';

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await buildTestApp();
  dir = await mkdtemp(path.join(tmpdir(), 'habi-store-'));
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const NAME_A = `${'a'.repeat(32)}-400.webp`;
const NAME_B = `${'b'.repeat(32)}-400.webp`;

describe.each([
  ['files', () => fileImageStore(path.join(dir, 'files'))],
  ['database rows', () => postgresImageStore(t.database.db)],
] as const)('the store of %s', (_label, open) => {
  let store: ImageStore;
  beforeAll(() => {
    store = open();
  });

  it('gives back the bytes it was given, and null for a name it never got', async () => {
    await store.put(NAME_A, Buffer.from('first image'));
    expect((await store.get(NAME_A))?.toString()).toBe('first image');
    expect(await store.get(NAME_B)).toBeNull();
  });

  it('says which of some names it holds', async () => {
    expect(await store.stored([NAME_A, NAME_B])).toEqual(new Set([NAME_A]));
    expect(await store.stored([])).toEqual(new Set());
  });

  it('keeps the first bytes of a name stored twice, at once or later', async () => {
    await Promise.all([store.put(NAME_B, Buffer.from('same')), store.put(NAME_B, Buffer.from('same'))]);
    expect((await store.get(NAME_B))?.toString()).toBe('same');
  });

  it('removes the names it is given, and takes a name it never had as done', async () => {
    const name = `${'c'.repeat(32)}-400.webp`;
    await store.put(name, Buffer.from('to go'));
    await store.remove([name, `${'d'.repeat(32)}-400.webp`]);
    expect(await store.get(name)).toBeNull();
    expect(await store.stored([name, NAME_A])).toEqual(new Set([NAME_A]));
    await store.remove([]);
  });

  it('lists the uploads stored before a time, refreshes them, and removes only old ones when asked', async () => {
    const name = `${'e'.repeat(32)}-800.webp`;
    await store.put(name, Buffer.from('old enough?'));
    const later = new Date(Date.now() + 60_000);
    expect(await store.storedBefore(later)).toContain(name);
    expect(await store.storedBefore(new Date(Date.now() - 60_000))).not.toContain(name);
    const earlier = new Date(Date.now() - 60_000);
    expect(await store.refresh([name, NAME_A.replace('a', 'f')])).toEqual(new Set([name]));
    await store.remove([name], earlier);
    expect(await store.stored([name])).toEqual(new Set([name]));
    await store.remove([name], later);
    expect(await store.stored([name])).toEqual(new Set());
  });
});

describe('the memory cache in front of a store', () => {
  /** A store that counts its reads. */
  function counting(): ImageStore & { reads: number } {
    const inner = new Map<string, Buffer>();
    const store = {
      kind: 'fs' as const,
      reads: 0,
      stored: async (names: string[]) => new Set(names.filter((n) => inner.has(n))),
      refresh: async (names: string[]) => new Set(names.filter((n) => inner.has(n))),
      storedBefore: async () => [],
      put: async (name: string, bytes: Buffer) => {
        inner.set(name, bytes);
      },
      get: async (name: string) => {
        store.reads += 1;
        return inner.get(name) ?? null;
      },
      remove: async (names: string[]) => {
        for (const name of names) inner.delete(name);
      },
    };
    return store;
  }

  it('reads a hot image once, and forgets the least recently read past its size', async () => {
    const inner = counting();
    const cached = cachedImageStore(inner, 10);
    await cached.put('a', Buffer.from('aaaa'));
    await cached.put('b', Buffer.from('bbbb'));
    await cached.put('c', Buffer.from('cccc'));
    await cached.get('a');
    await cached.get('a');
    expect(inner.reads).toBe(1);
    await cached.get('b');
    await cached.get('a'); // a is now the most recent
    await cached.get('c'); // 12 bytes: b, the least recent, goes
    expect(inner.reads).toBe(3);
    await cached.get('a');
    await cached.get('c');
    expect(inner.reads).toBe(3);
    await cached.get('b');
    expect(inner.reads).toBe(4);
  });

  it('forgets a removed image, and makes room for others in its place', async () => {
    const inner = counting();
    const cached = cachedImageStore(inner, 8);
    await cached.put('a', Buffer.from('aaaa'));
    await cached.put('b', Buffer.from('bbbb'));
    await cached.get('a');
    await cached.get('b');
    await cached.remove(['a']);
    expect(await cached.get('a')).toBeNull();
    await cached.put('c', Buffer.from('cccc'));
    await cached.get('c');
    await cached.get('b'); // still held: a's room went to c
    expect(inner.reads).toBe(4);
  });

  it('does not remember a missing image', async () => {
    const inner = counting();
    const cached = cachedImageStore(inner, 100);
    expect(await cached.get('none')).toBeNull();
    await cached.put('none', Buffer.from('now here'));
    expect((await cached.get('none'))?.toString()).toBe('now here');
  });
});

describe('importing image files into the database', () => {
  it('copies what is missing, skips the rest and anything not an image, and can run again', async () => {
    const files = path.join(dir, 'import');
    const store = postgresImageStore(t.database.db);
    const url = await storeImage(fileImageStore(files), await testPng('#abcdef'));
    await writeFile(path.join(files, 'notes.txt'), 'not an image');
    const names = (await readdir(files)).filter((n) => n.endsWith('.webp'));
    await store.put(names[0]!, Buffer.from('already copied'));
    const before = await countRows(t, 'images');

    expect(await importImageFiles(files, store)).toBe(1);
    expect(await countRows(t, 'images')).toBe(before + 1);
    expect((await store.get(names[0]!))?.toString()).toBe('already copied');
    expect((await store.get(path.basename(url)))?.subarray(0, 4).toString()).toBe('RIFF');
    expect(await importImageFiles(files, store)).toBe(0);
    expect(await importImageFiles(path.join(dir, 'no-such-dir'), store)).toBe(0);
  });
});

describe('GET /uploads/:name', () => {
  it('serves a stored image with its hash as ETag, cached for a year, and 304 when it is known', async () => {
    const url = await storeImage(t.app.images, await testPng('#102030'));
    const response = await t.request({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = response.headers.etag as string;
    expect(etag).toBe(`"${path.basename(url, '.webp')}"`);
    const again = await t.request({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers 404 for a name it does not hold, or one no upload could have', async () => {
    for (const name of [
      `${'c'.repeat(32)}-800.webp`,
      '..%2Fpackage.json',
      'x.webp',
      `${'a'.repeat(32)}-400.png`,
    ]) {
      const response = await t.request({ method: 'GET', url: `/uploads/${name}` });
      expect(response.statusCode).toBe(404);
    }
  });
});
