import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { UPLOAD_MAX_BYTES } from '@habi/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema.ts';
import { HttpError } from '../../lib/errors.ts';
import {
  buildTestApp,
  countRows,
  type FilePart,
  multipartBody,
  type SignedIn,
  signUpCustomer,
  type TestApp,
  testPng,
} from '../../test/helpers.ts';
import { fileImageStore } from './image-store.ts';
import { detectImageKind, storeImage } from './images.ts';

const jpeg = () =>
  sharp({ create: { width: 40, height: 40, channels: 3, background: '#336699' } })
    .jpeg()
    .toBuffer();
const gif = () =>
  sharp({ create: { width: 40, height: 40, channels: 3, background: '#336699' } })
    .gif()
    .toBuffer();

const SVG_BODY =
  '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100" fill="#336699"/></svg>';
const SCRIPT_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">' +
  '<script>alert("owned")</script><rect width="100" height="100" fill="#cc0000"/></svg>';

/** PNG's signature followed by bytes that are no PNG at all. */
const corruptPng = () =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(2048)]);

const isWebp = (bytes: Buffer) =>
  bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP';

const hashName = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 32);

async function rejection(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    return error as HttpError;
  }
  throw new Error('expected a rejection');
}

describe('detectImageKind', () => {
  it('recognises PNG and JPEG by their magic bytes', async () => {
    expect(detectImageKind(await testPng())).toBe('png');
    expect(detectImageKind(await jpeg())).toBe('jpeg');
  });

  it.each([
    ['a bare <svg> element', SVG_BODY],
    ['an XML prolog', `<?xml version="1.0" encoding="UTF-8"?>\n${SVG_BODY}`],
    ['a comment', `<!-- drawn by hand -->\n${SVG_BODY}`],
    ['a byte-order mark', `\uFEFF<?xml version="1.0"?>\n<!-- logo -->\n${SVG_BODY}`],
    [
      'a doctype',
      `<?xml version="1.0"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n${SVG_BODY}`,
    ],
    ['leading whitespace', `\n\n   ${SVG_BODY}`],
  ])('recognises SVG after %s', (_label, text) => {
    expect(detectImageKind(Buffer.from(text, 'utf8'))).toBe('svg');
  });

  it.each([
    ['plain text', Buffer.from('hello, this is not an image')],
    ['HTML holding an svg', Buffer.from(`<!DOCTYPE html><html><body>${SVG_BODY}</body></html>`)],
    ['an svg-ish element name', Buffer.from('<svgfoo></svgfoo>')],
    ['text mentioning <svg> later', Buffer.from(`note: ${SVG_BODY}`)],
    ['an empty file', Buffer.alloc(0)],
    ['half a PNG signature', Buffer.from([0x89, 0x50, 0x4e, 0x47])],
    ['PDF', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj')],
  ])('rejects %s', (_label, bytes) => {
    expect(detectImageKind(bytes)).toBeNull();
  });

  it('rejects GIF and WebP', async () => {
    expect(detectImageKind(await gif())).toBeNull();
    const webp = await sharp(await testPng())
      .webp()
      .toBuffer();
    expect(detectImageKind(webp)).toBeNull();
  });
});

describe('storeImage', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'habi-images-'));
    return () => rm(dir, { recursive: true, force: true });
  });

  it('writes a 400 and an 800 WebP named by content hash, and answers the 800 URL', async () => {
    const bytes = await testPng('#336699', { width: 1200, height: 600 });
    const url = await storeImage(fileImageStore(dir), bytes);
    const name = hashName(bytes);
    expect(url).toBe(`/uploads/${name}-800.webp`);
    expect((await readdir(dir)).sort()).toEqual([`${name}-400.webp`, `${name}-800.webp`]);
    for (const width of [400, 800]) {
      const file = await readFile(path.join(dir, `${name}-${width}.webp`));
      expect(isWebp(file)).toBe(true);
      const meta = await sharp(file).metadata();
      expect(meta).toMatchObject({ format: 'webp', width, height: width / 2 });
    }
  });

  it('never enlarges a small raster image', async () => {
    const bytes = await testPng();
    const url = await storeImage(fileImageStore(dir), bytes);
    const meta = await sharp(path.join(dir, path.basename(url))).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 40, height: 40 });
  });

  it('gives the same bytes the same URL and keeps the stored files, other bytes another URL', async () => {
    const bytes = await testPng('#123456');
    const first = await storeImage(fileImageStore(dir), bytes);
    const small = path.join(dir, `${hashName(bytes)}-400.webp`);
    await writeFile(small, 'already here');
    expect(await storeImage(fileImageStore(dir), Buffer.from(bytes))).toBe(first);
    expect(await readFile(small, 'utf8')).toBe('already here');
    const other = await storeImage(fileImageStore(dir), await testPng('#654321'));
    expect(other).not.toBe(first);
    expect(await readdir(dir)).toHaveLength(4);
  });

  it('stores the same image from parallel uploads without a failure or a stray file', async () => {
    const bytes = await testPng('#778899', 400);
    const urls = await Promise.all(Array.from({ length: 6 }, () => storeImage(fileImageStore(dir), bytes)));
    expect(new Set(urls)).toEqual(new Set([`/uploads/${hashName(bytes)}-800.webp`]));
    const files = (await readdir(dir)).sort();
    expect(files).toEqual([`${hashName(bytes)}-400.webp`, `${hashName(bytes)}-800.webp`]);
    for (const file of files) expect(isWebp(await readFile(path.join(dir, file)))).toBe(true);
  });

  it('stores JPEG too', async () => {
    const url = await storeImage(fileImageStore(dir), await jpeg());
    expect(isWebp(await readFile(path.join(dir, path.basename(url))))).toBe(true);
  });

  it('turns an SVG holding a <script> into WebP bytes only', async () => {
    const bytes = Buffer.from(SCRIPT_SVG);
    const url = await storeImage(fileImageStore(dir), bytes);
    const files = await readdir(dir);
    expect(files.sort()).toEqual([`${hashName(bytes)}-400.webp`, `${hashName(bytes)}-800.webp`]);
    for (const file of files) {
      const stored = await readFile(path.join(dir, file));
      expect(isWebp(stored)).toBe(true);
      expect(stored.toString('latin1')).not.toMatch(/<script|alert|<svg/);
    }
    // Vector art is rasterised at full size.
    expect((await sharp(path.join(dir, path.basename(url))).metadata()).width).toBe(800);
  });

  it("rejects a corrupt PNG with 400 'The image could not be read' and writes nothing", async () => {
    const error = await rejection(storeImage(fileImageStore(dir), corruptPng()));
    expect(error.statusCode).toBe(400);
    expect(error.message).toBe('The image could not be read');
    expect(await readdir(dir)).toEqual([]);
  });

  it('rejects an SVG that is not well-formed with 400', async () => {
    const error = await rejection(
      storeImage(fileImageStore(dir), Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect')),
    );
    expect(error.statusCode).toBe(400);
    expect(await readdir(dir)).toEqual([]);
  });

  it('rejects non-image bytes with 415 and writes nothing', async () => {
    for (const bytes of [Buffer.from('plain text'), await gif()]) {
      const error = await rejection(storeImage(fileImageStore(dir), bytes));
      expect(error.statusCode).toBe(415);
      expect(error.message).toBe('Only png, jpeg, jpg and svg images are accepted');
    }
    expect(await readdir(dir)).toEqual([]);
  });
});

describe('image uploads through the API (PATCH /api/users/:id)', () => {
  let t: TestApp;
  let user: SignedIn;
  beforeAll(async () => {
    t = await buildTestApp();
    user = await signUpCustomer(t);
  });
  afterAll(() => t.close());

  /** PATCHes the user's profile with these fields and files. */
  async function patchUser(fields: Record<string, string>, files: FilePart[]) {
    const body = await multipartBody(fields, files);
    return t.request({ method: 'PATCH', url: `/api/users/${user.id}`, cookie: user.cookie, ...body });
  }

  function upload(bytes: Buffer, filename: string, type = 'image/png', name = 'Changed Name') {
    const fields = { name, email: user.email, contactNumber: '+639171234567' };
    return patchUser(fields, [['imageUrl', bytes, filename, type]]);
  }

  async function row() {
    const [found] = await t.database.db.select().from(customers).where(eq(customers.id, user.id));
    return found!;
  }

  it("answers 415 'Only png, jpeg, jpg and svg images are accepted' for text named .png, changing nothing", async () => {
    const before = await row();
    const bytes = Buffer.from('I am a text file wearing a .png name');
    const response = await upload(bytes, 'avatar.png');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: 'Only png, jpeg, jpg and svg images are accepted' });
    expect(await row()).toEqual(before);
    const served = await t.request({ method: 'GET', url: `/uploads/${hashName(bytes)}-800.webp` });
    expect(served.statusCode).toBe(404);
  });

  it('answers 415 for a GIF and for HTML', async () => {
    const before = await row();
    expect((await upload(await gif(), 'anim.gif', 'image/gif')).statusCode).toBe(415);
    const html = Buffer.from(`<html><body>${SCRIPT_SVG}</body></html>`);
    expect((await upload(html, 'page.svg', 'image/svg+xml')).statusCode).toBe(415);
    expect(await row()).toEqual(before);
  });

  it('answers 413 for a file over 5 MB, changing nothing', async () => {
    const before = await row();
    const big = Buffer.concat([
      await testPng(),
      Buffer.alloc(UPLOAD_MAX_BYTES + 1 - (await testPng()).length),
    ]);
    expect(big.length).toBe(UPLOAD_MAX_BYTES + 1);
    const response = await upload(big, 'huge.png');
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('Each image must be at most 5 MB');
    expect(await row()).toEqual(before);
  });

  it("answers 400 'The image could not be read' for a corrupt PNG, changing nothing", async () => {
    const before = await row();
    const response = await upload(corruptPng(), 'broken.png');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The image could not be read');
    expect(await row()).toEqual(before);
  });

  it('decides the type from the bytes: a PNG named .gif is accepted', async () => {
    const response = await upload(await testPng('#445566'), 'looks-like.gif', 'image/gif');
    expect(response.statusCode).toBe(200);
    expect(response.json().imageUrl).toMatch(/^\/uploads\/[0-9a-f]{32}-800\.webp$/);
  });

  it('accepts an image larger than the 1 MB JSON body limit', async () => {
    const noise = await sharp(randomBytes(800 * 800 * 3), { raw: { width: 800, height: 800, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(1024 * 1024);
    const response = await upload(noise, 'noise.png');
    expect(response.statusCode).toBe(200);
    expect(response.json().imageUrl).toBe(`/uploads/${hashName(noise)}-800.webp`);
  });

  it('serves an uploaded SVG with a <script> only as WebP', async () => {
    const response = await upload(Buffer.from(SCRIPT_SVG), 'evil.svg', 'image/svg+xml');
    expect(response.statusCode).toBe(200);
    const { imageUrl } = response.json();
    for (const url of [imageUrl, imageUrl.replace('-800.webp', '-400.webp')]) {
      const served = await t.request({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toContain('immutable');
      expect(isWebp(served.rawPayload)).toBe(true);
      expect(served.body).not.toContain('<script');
    }
  });

  it('answers 400 for two image files in one request', async () => {
    const before = await row();
    const files: FilePart[] = [];
    for (const colour of ['#111111', '#222222']) files.push(['imageUrl', await testPng(colour), 'a.png']);
    const response = await patchUser(
      { name: 'Two Files', email: user.email, contactNumber: '+639171234567' },
      files,
    );
    expect(response.statusCode).toBe(400);
    expect(await row()).toEqual(before);
  });

  it('answers 400 for a file under an unexpected field name', async () => {
    const before = await countRows(t, 'customers');
    const response = await patchUser({ name: 'Odd Field' }, [['avatar', await testPng(), 'a.png']]);
    expect(response.statusCode).toBe(400);
    expect(await countRows(t, 'customers')).toBe(before);
  });
});
