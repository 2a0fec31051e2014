import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { IMAGE_MESSAGES, PICTURE_MAX_PIXELS } from '@habi/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, images as imageRows } from '../../db/schema.ts';
import { conflict } from '../../lib/errors.ts';
import {
  buildTestApp,
  freezeThrottleClock,
  multipartBody,
  type SignedIn,
  signInAdmin,
  signUpCustomer,
  type TestApp,
  testPng,
} from '../../test/helpers.ts';
import { updateProfile } from '../users/users.service.ts';
import { prepareImage, storeImage, sweepUnusedImages } from './images.ts';
import { changePicture } from './pictures.ts';

/** The files behind an image URL: every width. */
const filesOf = (url: string) => {
  const hash = /([0-9a-f]{32})-800\.webp$/.exec(url)![1]!;
  return [`${hash}-400.webp`, `${hash}-800.webp`];
};

/**
 * A PNG whose header says `width` x `height` and which has no pixels: decoding it fails, so only
 * a refusal read from the header can answer anything but 'could not be read'.
 */
function pngHeaderOnly(width: number, height: number) {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  // The start of a zlib stream and no more: a header libvips reads, and no pixels.
  const data = chunk('IDAT', Buffer.from([0x78, 0x9c]));
  return Buffer.concat([signature, chunk('IHDR', header), data, chunk('IEND', Buffer.alloc(0))]);
}

describe.each(['fs', 'postgres'] as const)('profile pictures, images stored as %s', (storage) => {
  let t: TestApp;
  let shopper: SignedIn;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'habi-pictures-'));
    t = await buildTestApp({ STORAGE: storage, DATA_DIR: dataDir });
    shopper = await signUpCustomer(t);
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const stored = async (url: string) => [...(await t.app.images.stored(filesOf(url)))].sort();

  async function patchPicture(who: SignedIn, bytes: Buffer | null, email = who.email) {
    const fields = { name: who.name, email, contactNumber: '+639171234567' };
    const body = await multipartBody(fields, bytes ? [['imageUrl', bytes, 'me.png']] : []);
    return t.request({ method: 'PATCH', url: `/api/users/${who.id}`, cookie: who.cookie, ...body });
  }

  /** Makes the files behind `url` look stored `ms` ago. */
  async function age(url: string, ms: number) {
    const then = new Date(Date.now() - ms);
    if (storage === 'postgres') {
      await t.database.db
        .update(imageRows)
        .set({ createdAt: then.toISOString() })
        .where(sql`${imageRows.name} in (${sql.join(filesOf(url), sql`, `)})`);
    } else {
      for (const name of filesOf(url)) await utimes(path.join(dataDir, 'uploads', name), then, then);
    }
  }

  it('removes the replaced picture once the new one is the row’s, and keeps one uploaded again', async () => {
    const first = (await patchPicture(shopper, await testPng('#a01010'))).json().imageUrl as string;
    expect(await stored(first)).toEqual(filesOf(first).sort());
    const second = await patchPicture(shopper, await testPng('#10a010'));
    expect(second.statusCode).toBe(200);
    const secondUrl = second.json().imageUrl as string;
    expect(await stored(first)).toEqual([]);
    expect((await t.request({ method: 'GET', url: first })).statusCode).toBe(404);
    expect(await stored(secondUrl)).toEqual(filesOf(secondUrl).sort());
    // The same picture again, and a change with no picture: it stays.
    expect((await patchPicture(shopper, await testPng('#10a010'))).json().imageUrl).toBe(secondUrl);
    expect((await patchPicture(shopper, null)).json().imageUrl).toBe(secondUrl);
    expect(await stored(secondUrl)).toEqual(filesOf(secondUrl).sort());
  });

  it('keeps a replaced picture another account still shows', async () => {
    const other = await signUpCustomer(t);
    const shared = await testPng('#2020a0');
    const url = (await patchPicture(other, shared)).json().imageUrl as string;
    expect((await patchPicture(shopper, shared)).json().imageUrl).toBe(url);
    await patchPicture(shopper, await testPng('#a0a020'));
    expect(await stored(url)).toEqual(filesOf(url).sort());
  });

  it('leaves the old picture and removes the new one when the row is gone by the time it is written', async () => {
    const before = (await patchPicture(shopper, await testPng('#30c0c0'))).json().imageUrl as string;
    const bytes = await testPng('#c030c0');
    const fields = { name: 'Gone Meanwhile', email: 'gone@example.com', contactNumber: '+639171234567' };
    const failed = changePicture(
      t.database.db,
      t.app.images,
      bytes,
      (storeImage) => updateProfile(t.database.db, randomUUID(), fields, storeImage),
      t.app.log,
    );
    await expect(failed).rejects.toThrow('User not found');
    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, shopper.id));
    expect(row!.imageUrl).toBe(before);
    expect(await stored(before)).toEqual(filesOf(before).sort());
    const refused = (await prepareImage(t.app.images, bytes)).url;
    expect(await stored(refused)).toEqual([]);
  });

  it('removes the files it wrote when the change fails after storing them, and keeps the old', async () => {
    const log = t.app.log;
    const old = await storeImage(t.app.images, await testPng('#777701'));
    const bytes = await testPng('#777702');
    const failed = changePicture(
      t.database.db,
      t.app.images,
      bytes,
      async (store) => {
        await store!();
        throw conflict('The row changed meanwhile');
      },
      log,
    );
    await expect(failed).rejects.toThrow('The row changed meanwhile');
    const url = (await prepareImage(t.app.images, bytes)).url;
    expect(await stored(url)).toEqual([]);
    expect(await stored(old)).toEqual(filesOf(old).sort());
  });

  it('replaces an admin’s picture the same way', async () => {
    const admin = await signInAdmin(t);
    const patch = async (colour: string) => {
      const body = await multipartBody({ username: 'admin', email: 'admin@example.com' }, [
        ['imageUrl', await testPng(colour), 'me.png'],
      ]);
      const response = await t.request({
        method: 'PATCH',
        url: `/api/admin/${admin.id}`,
        cookie: admin.cookie,
        ...body,
      });
      expect(response.statusCode).toBe(200);
      return response.json().imageUrl as string;
    };
    const first = await patch('#0b0b0b');
    const second = await patch('#0c0c0c');
    expect(await stored(first)).toEqual([]);
    expect(await stored(second)).toEqual(filesOf(second).sort());
  });

  it('sweeps the images no row shows once they are old enough, and only those', async () => {
    const orphan = await storeImage(t.app.images, await testPng('#505001'));
    const young = await storeImage(t.app.images, await testPng('#505002'));
    const shown = (await patchPicture(shopper, await testPng('#505003'))).json().imageUrl as string;
    await age(orphan, 60 * 60_000);
    await age(shown, 60 * 60_000);
    const cutoff = new Date(Date.now() - 15 * 60_000);
    expect(await sweepUnusedImages(t.database.db, t.app.images, cutoff)).toBe(2);
    expect(await stored(orphan)).toEqual([]);
    expect(await stored(young)).toEqual(filesOf(young).sort());
    expect(await stored(shown)).toEqual(filesOf(shown).sort());
  });

  it('keeps an old unused image that an upload reuses while the sweep runs', async () => {
    const bytes = await testPng('#606001');
    const url = await storeImage(t.app.images, bytes);
    await age(url, 60 * 60_000);
    const cutoff = new Date(Date.now() - 15 * 60_000);
    // Listed as old and unused, then reused (refreshed) before its removal.
    const listed = await t.app.images.storedBefore(cutoff);
    expect(listed).toEqual(expect.arrayContaining(filesOf(url)));
    expect((await prepareImage(t.app.images, bytes)).files).toEqual([]);
    await t.app.images.remove(filesOf(url), cutoff);
    expect(await stored(url)).toEqual(filesOf(url).sort());
  });

  it(`refuses a picture of more than ${PICTURE_MAX_PIXELS / 1e6} megapixels from its header with 413`, async () => {
    const response = await patchPicture(shopper, pngHeaderOnly(6000, 5000));
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(IMAGE_MESSAGES.tooManyPixels);
    // Within the bound, the same missing pixels are a picture that could not be read.
    const within = await patchPicture(shopper, pngHeaderOnly(5000, 5000));
    expect(within.statusCode).toBe(400);
    expect(within.json().message).toBe('The image could not be read');
  });

  it('throttles picture uploads per account with 429 and Retry-After, not other profile changes', async () => {
    freezeThrottleClock();
    const uploader = await signUpCustomer(t);
    for (let i = 0; i < 10; i++) {
      expect((await patchPicture(uploader, await testPng('#111111'))).statusCode).toBe(200);
    }
    const refused = await patchPicture(uploader, await testPng('#222222'));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many picture upload attempts. Try again in 1 minute.');
    expect(refused.headers['retry-after']).toBe('60');
    expect((await patchPicture(uploader, null)).statusCode).toBe(200);
    // Another account is not held back.
    expect((await patchPicture(shopper, await testPng('#333333'))).statusCode).toBe(200);
  });
});
