import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  ALL_MIGRATED,
  api,
  logLines,
  run,
  type Server,
  startServer,
  tempDataDir,
  until,
} from './server-process.ts';
import { addProduct, orderIdsOf, placeOrder, type ShopProduct, signInAdmin, signUp } from './shop.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const STACK_LINE = /^\s+at /m;

describe('one server on an embedded data directory', () => {
  let data: Awaited<ReturnType<typeof tempDataDir>>;
  let server: Server;

  beforeAll(async () => {
    data = await tempDataDir();
    server = await startServer({ DATA_DIR: data.dir });
  });
  afterAll(async () => {
    server.child.kill('SIGKILL');
    await data.remove();
  });

  it('logs one line with its version and address, and how the migrations went', () => {
    const messages = logLines(server).map((l) => l.msg);
    expect(messages).toContain(ALL_MIGRATED);
    expect(
      messages.filter((m) =>
        /^Habi \d+\.\d+\.\d+ listening at http:\/\/0\.0\.0\.0:\d+ \(pglite database\)$/.test(m),
      ),
    ).toHaveLength(1);
  });

  it('gives every response a random request id', async () => {
    const first = await api(server.url, '/api/health');
    const second = await api(server.url, '/api/product/all?limit=1', {
      headers: { 'x-request-id': 'chosen-by-client' },
    });
    expect(first.headers.get('x-request-id')).toMatch(UUID);
    expect(second.headers.get('x-request-id')).toMatch(UUID);
    expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
  });

  it('logs API calls by path, never their query, and leaves health checks and files out', async () => {
    const secret = `term-${randomUUID()}`;
    const search = await api(server.url, `/api/product/all?q=${secret}`);
    await api(server.url, '/api/health');
    await api(server.url, '/favicon.ico');
    const id = search.headers.get('x-request-id');
    const line = await until(() => logLines(server).find((l) => l.reqId === id), "the request's log line");
    expect(line).toMatchObject({ msg: 'request', method: 'GET', path: '/api/product/all', status: 200 });
    expect(server.stdout()).not.toContain(secret);
    const paths = logLines(server).map((l) => l.path);
    expect(paths).not.toContain('/api/health');
    expect(paths).not.toContain('/favicon.ico');
  });

  it('refuses a second server on the same directory at once, saying who holds it', async () => {
    const second = run('main.js', { DATA_DIR: data.dir, PORT: '0' });
    const exit = await second.exited;
    expect(exit.code).toBe(1);
    const lines = second.stderr().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`is in use by the Habi server (pid ${server.child.pid},`);
    expect(lines[0]).toContain('stop that process first, or set DATA_DIR to another directory');
    // The first server carries on.
    expect((await api(server.url, '/api/health')).status).toBe(200);
  });

  it('refuses admin:create while the store runs, and creates nothing', async () => {
    const cli = run('create-admin.js', { DATA_DIR: data.dir, ADMIN_PASSWORD: 'second-secret' }, [
      'second-admin',
      'second@example.com',
    ]);
    expect((await cli.exited).code).toBe(1);
    expect(cli.stderr()).toContain('is in use by the Habi server');
    expect(cli.stdout()).not.toContain('created');
    const signIn = await api(server.url, '/api/admin/sign-in', {
      method: 'POST',
      body: { username: 'second-admin', password: 'second-secret' },
    });
    expect(signIn.status).toBe(401);
  });
});

describe('stopping and restarting', () => {
  let data: Awaited<ReturnType<typeof tempDataDir>>;
  let product: ShopProduct;

  beforeAll(async () => {
    data = await tempDataDir();
  });
  afterAll(() => data.remove());

  it('on SIGTERM refuses new connections, finishes the request in flight, closes and exits 0', async () => {
    const server = await startServer({ DATA_DIR: data.dir });
    product = await addProduct(server.url, await signInAdmin(server.url), 'Drain Tee');
    // A sign-in whose body is still arriving when the signal comes.
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password' });
    const slow = rawRequest(server.port, [
      `POST /api/users/sign-in HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nOrigin: ${server.url}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
    ]);
    await slow.written;
    server.child.kill('SIGTERM');
    await until(
      async () => (await fetch(`${server.url}/api/health`).catch(() => null)) === null,
      'the listener to close',
    );
    slow.send(body.slice(5));
    expect(await slow.response).toMatch(/^HTTP\/1\.1 401 /);
    expect(await slow.response).toMatch(/\r\nconnection: close\r\n/i);
    expect((await server.exited).code).toBe(0);
    expect(logLines(server).at(-1)?.msg).toMatch(/^SIGTERM: stopped in \d+ ms \(drained\)$/);
  });

  it('starts again on the same data after kill -9, with every order it acknowledged, once', async () => {
    const server = await startServer({ DATA_DIR: data.dir });
    const customer = await signUp(server.url);
    const acknowledged: string[] = [];
    let killed = false;
    const shopper = async () => {
      while (!killed) {
        const placed = await placeOrder(server.url, customer, product).catch(() => null);
        if (placed?.orderId) acknowledged.push(placed.orderId);
      }
    };
    const shoppers = [shopper(), shopper(), shopper()];
    await until(() => acknowledged.length >= 15, '15 acknowledged orders');
    server.child.kill('SIGKILL');
    killed = true;
    await Promise.all(shoppers);

    const again = await startServer({ DATA_DIR: data.dir });
    try {
      const stored = await orderIdsOf(again.url, customer);
      expect(new Set(stored).size).toBe(stored.length);
      expect(stored).toEqual(expect.arrayContaining(acknowledged));
      // At most the orders cut off between commit and answer are stored unacknowledged.
      expect(stored.length - acknowledged.length).toBeLessThanOrEqual(3);
    } finally {
      again.child.kill('SIGTERM');
      expect((await again.exited).code).toBe(0);
    }
  });

  it('adds an admin with admin:create while the store is stopped', async () => {
    const cli = run('create-admin.js', { DATA_DIR: data.dir, ADMIN_PASSWORD: 'second-secret' }, [
      'second-admin',
      'second@example.com',
    ]);
    expect((await cli.exited).code).toBe(0);
    expect(cli.stdout()).toContain('Admin second-admin created.');
    const server = await startServer({ DATA_DIR: data.dir });
    try {
      const signIn = await api(server.url, '/api/admin/sign-in', {
        method: 'POST',
        body: { username: 'second-admin', password: 'second-secret' },
      });
      expect(signIn.status).toBe(200);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });
});

describe('a first start cut short', () => {
  it('by SIGTERM while seeding finishes the seed, never listens, and exits 0', async () => {
    const data = await tempDataDir();
    const first = run('main.js', {
      DATA_DIR: data.dir,
      PORT: '0',
      SEED_DEMO: 'true',
      ADMIN_PASSWORD: ADMIN.password,
    });
    await until(() => first.stdout().includes('database migrated'), 'the migrations');
    first.child.kill('SIGTERM');
    expect((await first.exited).code).toBe(0);
    const messages = logLines(first).map((l) => l.msg);
    expect(messages).toContain('demo catalogue seeded');
    expect(messages.some((m) => m.includes('listening'))).toBe(false);
    expect(messages.at(-1)).toMatch(/^SIGTERM: stopped in \d+ ms \(drained\)$/);
    await data.remove();
  });
});

describe('a start that cannot go on', () => {
  it('names a bad configuration value in one line and exits non-zero', async () => {
    const data = await tempDataDir();
    const start = run('main.js', { DATA_DIR: data.dir, ADMIN_USERNAME: 'abc', PORT: 'eighty' });
    expect((await start.exited).code).toBe(1);
    expect(start.stderr()).toBe(
      'Invalid configuration: PORT: Invalid input: expected number, received NaN; ADMIN_USERNAME: Too short!\n',
    );
    await data.remove();
  });

  it('shows the new admin password before a busy port stops the start, and it works on the next', async () => {
    const data = await tempDataDir();
    const blocker = net.createServer().listen(0);
    await new Promise((resolve) => blocker.once('listening', resolve));
    const busyPort = (blocker.address() as net.AddressInfo).port;
    const start = run('main.js', {
      DATA_DIR: data.dir,
      PORT: String(busyPort),
      SEED_DEMO: 'false',
      ADMIN_USERNAME: 'owner',
    });
    expect((await start.exited).code).toBe(1);
    blocker.close();
    expect(start.stderr()).toBe(
      `Port ${busyPort} is already in use: stop the program using it, or set PORT to another port.\n`,
    );
    expect(start.stderr()).not.toMatch(STACK_LINE);
    const password = /password: (\S+) {3}\(shown once; keep it safe\)/.exec(start.stdout())?.[1];
    expect(password).toBeDefined();

    const server = await startServer({ DATA_DIR: data.dir, ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: '' });
    try {
      const signIn = await api(server.url, '/api/admin/sign-in', {
        method: 'POST',
        body: { username: 'owner', password },
      });
      expect(signIn.status).toBe(200);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
      await data.remove();
    }
  });
});

/** An HTTP/1.1 request written by hand, so a test can hold its body back. */
function rawRequest(port: number, [head]: [string]) {
  const socket = net.connect(port, '127.0.0.1');
  let text = '';
  socket.on('data', (chunk) => {
    text += chunk;
  });
  const written = new Promise<void>((resolve) =>
    socket.once('connect', () => socket.write(head, () => resolve())),
  );
  const response = new Promise<string>((resolve, reject) => {
    socket.on('error', reject);
    socket.on('end', () => resolve(text));
  });
  return { written, response, send: (rest: string) => socket.write(rest) };
}
