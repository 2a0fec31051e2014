import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { IDEMPOTENCY_KEY_HEADER } from '@habi/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, logLines, run, type Server, startServer, until } from './server-process.ts';
import { addProduct, type Customer, orderIdsOf, type ShopProduct, signInAdmin, signUp } from './shop.ts';
import { cannotMount, type SmallDisk, smallDisk } from './small-disk.ts';

// The embedded store on a file system that fills up (a tmpfs: root only). A new PGlite data
// directory takes about 40 MB, so the file system is 96 MB: the rest is filled with one file, and
// removing it leaves more than the 32 MB the store waits for before it counts as able to save
// (HEADROOM_BYTES). The embedded database stopping on a full disk is in embedded-full-disk.test.ts.
const SIZE_MB = 96;
const CANNOT_SAVE = 'The store cannot save changes right now. Please try again in a few minutes.';
const skipReason = await cannotMount();

/** One of the product, FREE delivery (as shop.ts's placeOrder), with the answer's Retry-After. */
async function placeOrder(base: string, customer: Customer, product: ShopProduct, key = randomUUID()) {
  const centavos = Math.round(Number(product.price) * 100);
  const line = { id: product.id, name: product.name, price: product.price, imageUrl: '', size: '' };
  const response = await api(base, '/api/orders/placed-order', {
    method: 'POST',
    cookie: customer.cookie,
    headers: { [IDEMPOTENCY_KEY_HEADER]: key },
    body: {
      userId: customer.id,
      total: ((centavos + Math.round(centavos / 10)) / 100).toFixed(2),
      address: '12 Mabini St, Ermita, Manila 1000',
      cart: [{ ...line, quantity: 1, deliveryOption: { fee: 0 } }],
    },
  });
  const body = response.json();
  return {
    key,
    status: response.status,
    orderId: response.status < 300 ? (body.order._id as string) : null,
    message: response.status < 300 ? undefined : (body.message as string),
    retryAfter: response.headers.get('retry-after'),
  };
}

/** Orders from four shoppers at once for `ms`. */
async function orderFor(ms: number, server: Server, customer: Customer, product: ShopProduct) {
  const attempts: Awaited<ReturnType<typeof placeOrder>>[] = [];
  const end = Date.now() + ms;
  const shopper = async () => {
    while (Date.now() < end) attempts.push(await placeOrder(server.url, customer, product));
  };
  await Promise.all([1, 2, 3, 4].map(shopper));
  return attempts;
}

/** A product whose image no other has (images are stored by content), so its file is written. */
async function addProductWithNewImage(base: string, adminCookie: string) {
  const form = new FormData();
  const fields = {
    name: 'Full Disk Cap',
    description: 'A product made on a full disk.',
    price: '500.00',
    size: JSON.stringify({ label: 'N/A', value: [] }),
    category: JSON.stringify({ label: 'Men', value: 'Men' }),
    subCategory: JSON.stringify({ label: 'Tops', value: 'Tops' }),
    variationsName: '[]',
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const noise = Buffer.from(Array.from({ length: 64 * 64 * 3 }, () => Math.floor(Math.random() * 256)));
  const png = await sharp(noise, { raw: { width: 64, height: 64, channels: 3 } })
    .png()
    .toBuffer();
  form.append('imageUrl', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'cap.png');
  return fetch(`${base}/api/product/add`, {
    method: 'POST',
    headers: { origin: base, cookie: adminCookie },
    body: form,
  });
}

const signUpBody = () => ({
  name: 'Full Disk Shopper',
  email: `full-${randomUUID()}@example.com`,
  contactNumber: '+639171234567',
  password: 'secret123',
});

describe.skipIf(skipReason)(
  `the embedded store on a full disk${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    let disk: SmallDisk;
    let dataDir: string;
    let server: Server | undefined;
    let customer: Customer;
    let product: ShopProduct;
    let adminCookie: string;
    /** Every order the store acknowledged, by idempotency key. */
    const acknowledged = new Map<string, string>();

    beforeAll(async () => {
      disk = await smallDisk(SIZE_MB);
      dataDir = path.join(disk.dir, 'data');
      server = await startServer({ DATA_DIR: dataDir });
      adminCookie = await signInAdmin(server.url);
      product = await addProduct(server.url, adminCookie, 'Full Disk Tee');
      customer = await signUp(server.url);
    });
    afterAll(async () => {
      server?.child.kill('SIGKILL');
      await server?.exited;
      await disk?.unmount();
    });

    it('answers 503 with Retry-After while writes find no room, logs it once, and serves again once there is', async () => {
      const s = server!;
      const first = await placeOrder(s.url, customer, product);
      expect(first.status).toBe(201);
      acknowledged.set(first.key, first.orderId!);
      const linesBefore = logLines(s).length;

      await disk.fill();
      expect(await disk.freeBytes()).toBe(0);
      const attempts = await orderFor(5_000, s, customer, product);
      const signUps = await Promise.all(
        [1, 2].map(() => api(s.url, '/api/users/sign-up', { method: 'POST', body: signUpBody() })),
      );
      // An image finds no room either (its file is written before the product's row). The disk is
      // topped up first: failed writes of the database and the mail worker give some back.
      await disk.fill();
      const upload = await addProductWithNewImage(s.url, adminCookie);
      expect(upload.status).toBe(503);
      expect(upload.headers.get('retry-after')).toBe('60');
      expect(await upload.json()).toEqual({ message: CANNOT_SAVE });
      const refused = attempts.filter((a) => a.status === 503);
      const placed = attempts.filter((a) => a.status === 201);
      console.log(
        `while full: ${attempts.length} orders in 5 s, ${placed.length} placed, ${refused.length} refused`,
      );
      // What fitted in pages already there was saved; the rest was refused, and said so.
      expect(placed.length + refused.length).toBe(attempts.length);
      expect(refused.length).toBeGreaterThan(attempts.length / 2);
      for (const a of refused) expect(a).toMatchObject({ message: CANNOT_SAVE, retryAfter: '60' });
      for (const a of placed) acknowledged.set(a.key, a.orderId!);
      for (const response of signUps) {
        expect([201, 503]).toContain(response.status);
        if (response.status === 503) expect(response.json()).toEqual({ message: CANNOT_SAVE });
      }

      // Readiness says why; liveness and reads carry on.
      const ready = await api(s.url, '/api/health');
      expect(ready.status).toBe(503);
      expect(ready.json().message).toMatch(
        /^Cannot save changes since \S+: no space left for the database and the data directory \(images, mail\)\. Reads still work\.$/,
      );
      expect((await api(s.url, '/api/health/live')).status).toBe(200);
      expect((await api(s.url, '/api/product/all?limit=1')).status).toBe(200);
      const lines = logLines(s).slice(linesBefore);
      const loud = lines.filter((l) => l.level >= 40).map((l) => l.msg);
      console.log(
        `log lines while full: ${lines.length}, at warn or above: ${loud.length}: ${JSON.stringify(loud)}`,
      );
      // One line for the database, one for the data directory's files.
      expect(loud.filter((m) => m.startsWith('cannot save'))).toHaveLength(2);
      expect(loud.filter((m) => m.startsWith('request failed'))).toEqual([]);
      // The mail worker's own lines (not sent, outbox unreachable) at most one per poll.
      expect(loud.length).toBeLessThanOrEqual(6);

      // Room again: refused orders go through on their retry, at once and without a restart.
      await disk.free();
      const freed = Date.now();
      const retried = refused.slice(0, 5);
      for (const a of retried) {
        const again = await placeOrder(s.url, customer, product, a.key);
        expect(again.status).toBe(201);
        acknowledged.set(a.key, again.orderId!);
      }
      const firstWrites = Date.now() - freed;
      await until(async () => (await api(s.url, '/api/health')).status === 200, 'readiness', 15_000);
      console.log(
        `after freeing: 5 orders placed in ${firstWrites} ms, readiness 200 after ${Date.now() - freed} ms`,
      );
      expect(logLines(s).filter((l) => l.msg.startsWith('can save again'))).toHaveLength(1);
      expect((await api(s.url, '/api/users/sign-up', { method: 'POST', body: signUpBody() })).status).toBe(
        201,
      );

      // Every acknowledged order is stored, once; a retried key answers its order again.
      const stored = await orderIdsOf(s.url, customer);
      expect(stored).toHaveLength(acknowledged.size);
      expect(new Set(stored)).toEqual(new Set(acknowledged.values()));
      const replay = await placeOrder(s.url, customer, product, retried[0]!.key);
      expect(replay.orderId).toBe(acknowledged.get(retried[0]!.key));
    });

    it('stops on a full disk, refuses to start on one in a line naming the directory, and starts once there is room', async () => {
      await disk.fill();
      server!.child.kill('SIGTERM');
      expect((await server!.exited).code).toBe(0);
      expect(logLines(server!).at(-1)?.msg).toMatch(/^SIGTERM: stopped in \d+ ms \(drained\)$/);
      server = undefined;
      const refused = run('main.js', { DATA_DIR: dataDir, PORT: '0' });
      expect((await refused.exited).code).toBe(1);
      expect(refused.stderr()).toBe(
        `Cannot start: the disk holding ${path.join(dataDir, 'pglite')} is full (0 MB free). ` +
          'Free some space there, then start again.\n',
      );
      expect(refused.stdout()).toBe('');
      // A new data directory on that disk: its first start stops in such a line too.
      const fresh = path.join(disk.dir, 'fresh');
      const refusedFresh = run('main.js', { DATA_DIR: fresh, PORT: '0' });
      expect((await refusedFresh.exited).code).toBe(1);
      expect(refusedFresh.stderr()).toMatch(
        new RegExp(
          `^Cannot start: the disk holding ${fresh}(/pglite)? is full[^\\n]*\\. Free some space there, then start again\\.\\n$`,
        ),
      );

      await disk.free();
      server = await startServer({ DATA_DIR: dataDir });
      const stored = await orderIdsOf(server.url, customer);
      expect(new Set(stored)).toEqual(new Set(acknowledged.values()));
      expect((await placeOrder(server.url, customer, product)).status).toBe(201);
    });
  },
);
