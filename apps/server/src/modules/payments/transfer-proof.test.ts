import { createHash } from 'node:crypto';
import { UPLOAD_MAX_BYTES } from '@habi/shared';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type FilePart,
  insertProduct,
  multipartBody,
  newCustomer,
  orderBodyFor,
  orderLineFor,
  type ProductRow,
  placeOrderOk,
  queryRows,
  type SignedIn,
  signInAdmin,
  signUpCustomer,
  testPng,
  useTestApp,
} from '../../test/helpers.ts';

/**
 * The shopper's screenshot of their transfer (private: read through its order by the owner and
 * the back office only, gone with a rejection, a cancellation or the account) and an account's QR
 * code (public, its replaced files deleted).
 */

const SETTINGS_ON = {
  codEnabled: true,
  codMaxTotal: '',
  transferEnabled: true,
  transferHours: 24,
  onlineEnabled: false,
  onlineMinutes: 60,
};
const ACCOUNT = { kind: 'gcash', accountName: 'Habi Clothing', accountNumber: '0917 123 4567' };

/** A JPEG carrying EXIF (a camera and a place) that must not survive into what is stored. */
const jpegWithExif = () =>
  sharp({ create: { width: 60, height: 120, channels: 3, background: '#2a6f97' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretPhoneMaker', Copyright: 'Juan Dela Cruz' } })
    .toBuffer();

const isWebp = (bytes: Buffer) =>
  bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP';

describe('transfer screenshots and QR codes', () => {
  const ctx = useTestApp();
  let admin: SignedIn;
  let shopper: SignedIn;
  let other: SignedIn;
  let tee: ProductRow;

  const send = (
    method: 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH',
    url: string,
    who: SignedIn | null,
    payload?: object,
  ) => ctx.t.request({ method, url, cookie: who?.cookie, ...(payload ? { payload } : {}) });
  const upload = async (method: 'PUT', url: string, who: SignedIn | null, files: FilePart[]) =>
    ctx.t.request({ method, url, cookie: who?.cookie, ...(await multipartBody({}, files)) });

  /** A transfer order of `who`'s, with a reference sent unless told not to. */
  async function transferOrder(who = shopper, reference: string | null = 'GC 1234 5678') {
    const order = await placeOrderOk(
      ctx.t,
      who,
      orderBodyFor(who, [orderLineFor(tee)], { paymentMethod: 'transfer' }),
    );
    if (reference) {
      const sent = await send('POST', `/api/payments/orders/${order._id}/transfer-reference`, who, {
        reference,
      });
      expect(sent.statusCode, sent.body).toBe(200);
    }
    return order._id;
  }
  const proofUrl = (orderId: string) => `/api/payments/orders/${orderId}/transfer-proof`;
  const attach = (
    orderId: string,
    bytes: Buffer,
    who = shopper,
    filename = 'proof.png',
    type = 'image/png',
  ) => upload('PUT', proofUrl(orderId), who, [['proof', bytes, filename, type]]);
  async function attachOk(orderId: string, bytes?: Buffer, who = shopper) {
    const png = bytes ?? (await testPng('#0a7f3f', { width: 90, height: 180 }));
    const response = await attach(orderId, png, who);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().payment.transferProof).toBe(true);
    return proofName(orderId);
  }
  async function proofName(orderId: string) {
    const [row] = await queryRows<{ proof: string | null }>(
      ctx.t,
      sql`select transfer_proof as proof from orders where id = ${orderId}`,
    );
    return row?.proof ?? null;
  }
  const privateHas = async (name: string) => (await ctx.t.app.privateImages.get(name)) !== null;

  beforeAll(async () => {
    admin = await signInAdmin(ctx.t);
    shopper = await signUpCustomer(ctx.t);
    other = await signUpCustomer(ctx.t);
    tee = await insertProduct(ctx.t, { price: '699.00' });
    expect((await send('PUT', '/api/payments/settings', admin, SETTINGS_ON)).statusCode).toBe(200);
    expect((await send('POST', '/api/payments/accounts', admin, ACCOUNT)).statusCode).toBe(201);
  });

  describe('the screenshot of a transfer', () => {
    it('is kept re-encoded as WebP, without its EXIF, in the private store and not under /uploads', async () => {
      const orderId = await transferOrder();
      const exif = await jpegWithExif();
      expect(exif.includes('SecretPhoneMaker')).toBe(true);
      const response = await attach(orderId, exif, shopper, 'IMG_0001.jpg', 'image/jpeg');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().payment).toMatchObject({ reference: 'GC 1234 5678', transferProof: true });
      const name = (await proofName(orderId))!;
      expect(name).toMatch(/^[0-9a-f]{32}\.webp$/);
      const stored = (await ctx.t.app.privateImages.get(name))!;
      expect(isWebp(stored)).toBe(true);
      expect(stored.includes('SecretPhoneMaker')).toBe(false);
      expect(stored.includes('Juan Dela Cruz')).toBe(false);
      const meta = await sharp(stored).metadata();
      expect(meta.exif).toBeUndefined();
      expect([meta.width, meta.height]).toEqual([60, 120]);
      // Not among the public images, by its name or the store's.
      expect(await ctx.t.app.images.get(name)).toBeNull();
      for (const url of [
        `/uploads/${name}`,
        `/uploads/private%2F${name}`,
        `/uploads/..%2Fprivate%2F${name}`,
      ]) {
        expect((await send('GET', url, null)).statusCode).toBe(404);
      }
    });

    it('is bounded: a large screenshot is kept at 1,600 pixels on its longer side', async () => {
      const orderId = await transferOrder();
      const name = await attachOk(orderId, await testPng('#123456', { width: 1170, height: 2532 }));
      const meta = await sharp((await ctx.t.app.privateImages.get(name!))!).metadata();
      expect([meta.width, meta.height]).toEqual([739, 1600]);
    });

    it('is read by the order’s owner and an admin only, never kept by a shared cache', async () => {
      const orderId = await transferOrder();
      await attachOk(orderId);
      for (const who of [shopper, admin]) {
        const response = await send('GET', proofUrl(orderId), who);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.headers['content-type']).toBe('image/webp');
        expect(response.headers['cache-control']).toBe('private, no-store');
        expect(isWebp(response.rawPayload)).toBe(true);
      }
      expect((await send('GET', proofUrl(orderId), other)).statusCode).toBe(403);
      expect((await send('GET', proofUrl(orderId), null)).statusCode).toBe(401);
      // Another customer learns nothing from an order they cannot read, nor from one with none.
      expect((await send('GET', proofUrl(await transferOrder(other)), shopper)).statusCode).toBe(403);
      const none = await send('GET', proofUrl(await transferOrder()), shopper);
      expect(none.statusCode).toBe(404);
      expect(none.json()).toEqual({ message: 'No screenshot is attached to this order' });
    });

    it('is refused from another customer, anonymously, and before a reference is sent', async () => {
      const orderId = await transferOrder();
      const png = await testPng('#445566');
      expect((await attach(orderId, png, other)).statusCode).toBe(403);
      expect((await attach(orderId, png, null as unknown as SignedIn)).statusCode).toBe(401);
      const bare = await transferOrder(shopper, null);
      const early = await attach(bare, png);
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toBe('Send the transfer’s reference number first');
      const cod = await placeOrderOk(ctx.t, shopper, [orderLineFor(tee)]);
      expect((await attach(cod._id, png)).statusCode).toBe(409);
      expect(await proofName(orderId)).toBeNull();
      expect(await proofName(bare)).toBeNull();
    });

    it('refuses what is no image (415), a file over 5 MB (413) and no file (400), storing nothing', async () => {
      const orderId = await transferOrder();
      const text = await attach(orderId, Buffer.from('not a screenshot at all'), shopper, 'proof.png');
      expect(text.statusCode).toBe(415);
      expect(text.json().message).toBe('Only png, jpeg, jpg and svg images are accepted');
      const png = await testPng();
      const huge = await attach(orderId, Buffer.concat([png, Buffer.alloc(UPLOAD_MAX_BYTES)]));
      expect(huge.statusCode).toBe(413);
      expect(huge.json().message).toBe('Each image must be at most 5 MB');
      const empty = await upload('PUT', proofUrl(orderId), shopper, []);
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe('Choose a screenshot of your transfer');
      const two = await upload('PUT', proofUrl(orderId), shopper, [
        ['proof', png],
        ['proof', png],
      ]);
      expect(two.statusCode).toBe(400);
      expect(await proofName(orderId)).toBeNull();
      const [count] = await queryRows<{ n: number }>(
        ctx.t,
        sql`select count(*)::int as n from orders where transfer_proof is not null and id = ${orderId}`,
      );
      expect(count!.n).toBe(0);
    });

    it('replaced by another, or by a new reference, has its file deleted', async () => {
      const orderId = await transferOrder();
      const first = (await attachOk(orderId))!;
      const second = (await attachOk(orderId, await testPng('#aa0000', 50)))!;
      expect(second).not.toBe(first);
      expect(await privateHas(first)).toBe(false);
      expect(await privateHas(second)).toBe(true);
      const again = await send('POST', `/api/payments/orders/${orderId}/transfer-reference`, shopper, {
        reference: 'GC 9999 0000',
      });
      expect(again.json().payment.transferProof).toBe(false);
      expect(await proofName(orderId)).toBeNull();
      expect(await privateHas(second)).toBe(false);
    });

    it('goes with a rejected transfer: the column is cleared and the file deleted', async () => {
      const orderId = await transferOrder();
      const name = (await attachOk(orderId))!;
      const rejected = await send('POST', `/api/payments/orders/${orderId}/transfer/reject`, admin, {
        reason: 'No transfer with this reference',
      });
      expect(rejected.statusCode, rejected.body).toBe(200);
      expect(rejected.json().payment).toMatchObject({ reference: null, transferProof: false });
      expect(await proofName(orderId)).toBeNull();
      expect(await privateHas(name)).toBe(false);
      expect((await send('GET', proofUrl(orderId), admin)).statusCode).toBe(404);
    });

    it('stays with a confirmed transfer, for the shop’s records', async () => {
      const orderId = await transferOrder();
      const name = (await attachOk(orderId))!;
      const confirmed = await send('POST', `/api/payments/orders/${orderId}/transfer/confirm`, admin, {
        amount: '768.90',
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json().payment).toMatchObject({ status: 'paid', transferProof: true });
      expect(await privateHas(name)).toBe(true);
      expect((await send('GET', proofUrl(orderId), admin)).statusCode).toBe(200);
    });

    it('goes with an order cancelled whole or deleted, not with one line cancelled', async () => {
      const two = await placeOrderOk(
        ctx.t,
        shopper,
        orderBodyFor(shopper, [orderLineFor(tee), orderLineFor(tee, { size: tee.sizes[1]! })], {
          paymentMethod: 'transfer',
        }),
      );
      await send('POST', `/api/payments/orders/${two._id}/transfer-reference`, shopper, {
        reference: 'GC 1234 5678',
      });
      const kept = (await attachOk(two._id))!;
      const statusUpdate = (updatedStatus: string[]) =>
        send('PATCH', `/api/orders/statusUpdate/${two._id}`, admin, { updatedStatus });
      expect((await statusUpdate(['cancelled', 'toPay'])).statusCode).toBe(200);
      expect(await privateHas(kept)).toBe(true);
      expect((await statusUpdate(['cancelled', 'cancelled'])).statusCode).toBe(200);
      expect(await proofName(two._id)).toBeNull();
      expect(await privateHas(kept)).toBe(false);

      const deleted = await transferOrder();
      const name = (await attachOk(deleted))!;
      expect((await send('DELETE', `/api/orders/delete/${deleted}`, admin)).statusCode).toBe(200);
      expect(await privateHas(name)).toBe(false);
    });

    it('goes with the account when the customer erases it, from every order', async () => {
      const password = 'erase-me-123';
      const leaving = await signUpCustomer(ctx.t, newCustomer({ password }));
      const names = [];
      for (const colour of ['#010101', '#020202']) {
        names.push((await attachOk(await transferOrder(leaving), await testPng(colour), leaving))!);
      }
      const erased = await send('DELETE', '/api/users/me', leaving, { password });
      expect(erased.statusCode, erased.body).toBe(200);
      for (const name of names) expect(await privateHas(name)).toBe(false);
      const [left] = await queryRows<{ n: number }>(
        ctx.t,
        sql`select count(*)::int as n from orders where transfer_proof in ${names}`,
      );
      expect(left!.n).toBe(0);
    });
  });

  describe('an account’s QR code', () => {
    const qrUrl = (id: string) => `/api/payments/accounts/${id}/qr-image`;
    const putQr = (id: string, bytes: Buffer, type = 'image/png') =>
      upload('PUT', qrUrl(id), admin, [['qrImage', bytes, 'qr.png', type]]);
    async function newAccount() {
      const response = await send('POST', '/api/payments/accounts', admin, ACCOUNT);
      expect(response.statusCode).toBe(201);
      return response.json().id as string;
    }
    const served = async (url: string) => (await send('GET', url, null)).statusCode;
    const sizesOf = (url: string) => [url, url.replace('-800.webp', '-400.webp')];

    it('is uploaded, shown to shoppers with the account, and its replaced files deleted', async () => {
      const id = await newAccount();
      const first = await putQr(id, await testPng('#101010', 300));
      expect(first.statusCode, first.body).toBe(200);
      const firstUrl = first.json().qrImageUrl as string;
      expect(firstUrl).toMatch(/^\/uploads\/[0-9a-f]{32}-800\.webp$/);
      const options = (await send('GET', '/api/payments/options', null)).json();
      expect(options.accounts.find((a: { id: string }) => a.id === id).qrImageUrl).toBe(firstUrl);
      for (const url of sizesOf(firstUrl)) expect(await served(url)).toBe(200);

      const second = await putQr(id, await testPng('#202020', 300));
      const secondUrl = second.json().qrImageUrl as string;
      expect(secondUrl).not.toBe(firstUrl);
      for (const url of sizesOf(firstUrl)) expect(await served(url)).toBe(404);
      for (const url of sizesOf(secondUrl)) expect(await served(url)).toBe(200);

      const removed = await send('DELETE', qrUrl(id), admin);
      expect(removed.statusCode).toBe(200);
      expect(removed.json().qrImageUrl).toBeNull();
      for (const url of sizesOf(secondUrl)) expect(await served(url)).toBe(404);
    });

    it('is kept by an edit that sends it back, removed by one without it, and goes with its account', async () => {
      const id = await newAccount();
      const url = (await putQr(id, await testPng('#303030', 200))).json().qrImageUrl as string;
      const kept = await send('PUT', `/api/payments/accounts/${id}`, admin, {
        ...ACCOUNT,
        accountName: 'Habi Clothing PH',
        qrImageUrl: url,
      });
      expect(kept.json()).toMatchObject({ accountName: 'Habi Clothing PH', qrImageUrl: url });
      expect(await served(url)).toBe(200);
      const cleared = await send('PUT', `/api/payments/accounts/${id}`, admin, ACCOUNT);
      expect(cleared.json().qrImageUrl).toBeNull();
      expect(await served(url)).toBe(404);

      const other = (await putQr(id, await testPng('#404040', 200))).json().qrImageUrl as string;
      expect((await send('DELETE', `/api/payments/accounts/${id}`, admin)).statusCode).toBe(200);
      expect(await served(other)).toBe(404);
    });

    it('shown by two accounts stays until neither shows it', async () => {
      const [a, b] = [await newAccount(), await newAccount()];
      const png = await testPng('#505050', 200);
      const url = (await putQr(a, png)).json().qrImageUrl as string;
      expect((await putQr(b, png)).json().qrImageUrl).toBe(url);
      await send('DELETE', qrUrl(a), admin);
      expect(await served(url)).toBe(200);
      await send('DELETE', qrUrl(b), admin);
      expect(await served(url)).toBe(404);
    });

    it('refuses what is no image, a file over 5 MB and an unknown account, storing nothing', async () => {
      const id = await newAccount();
      const png = await testPng('#606060', 200);
      expect((await putQr(id, Buffer.from('<html>no</html>'), 'image/png')).statusCode).toBe(415);
      expect((await putQr(id, Buffer.concat([png, Buffer.alloc(UPLOAD_MAX_BYTES)]))).statusCode).toBe(413);
      const unknown = await putQr('3b241101-e2bb-4255-8caf-4136c566a962', png);
      expect(unknown.statusCode).toBe(404);
      const missing = await upload('PUT', qrUrl(id), admin, []);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toBe('Choose the QR code image');
      // The image of the refused upload to an unknown account was not stored.
      const hash = createHash('sha256').update(png).digest('hex').slice(0, 32);
      expect(await served(`/uploads/${hash}-800.webp`)).toBe(404);
      const settings = (await send('GET', '/api/payments/settings', admin)).json();
      expect(settings.accounts.find((a: { id: string }) => a.id === id).qrImageUrl).toBeNull();
    });

    it('is changed by admins only', async () => {
      const id = await newAccount();
      const png = await testPng('#707070', 100);
      for (const who of [null, shopper]) {
        const response = await upload('PUT', qrUrl(id), who, [['qrImage', png]]);
        expect(response.statusCode).toBe(401);
        expect((await send('DELETE', qrUrl(id), who)).statusCode).toBe(401);
      }
    });
  });
});
