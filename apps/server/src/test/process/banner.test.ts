import { afterEach, describe, expect, it } from 'vitest';
import { type Server, startServer, tempDataDir, until } from './server-process.ts';

/** The lines `npm start` ends with, telling the operator where the store is. */
async function bannerOf(server: Server) {
  await until(() => server.stdout().includes('Back office:'), 'the start banner');
  return server
    .stdout()
    .split('\n')
    .filter((line) => / is open at |^Back office: /.test(line));
}

describe('the start banner', () => {
  let stop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await stop?.();
    stop = undefined;
  });

  async function start(env: Record<string, string>) {
    const data = await tempDataDir();
    const server = await startServer({ DATA_DIR: data.dir, ...env });
    stop = async () => {
      server.child.kill('SIGTERM');
      await server.exited;
      await data.remove();
    };
    return server;
  }

  it('names PUBLIC_URL, where shoppers reach the store, when it is set', async () => {
    const server = await start({ PUBLIC_URL: 'https://shop.example.com/' });
    expect(await bannerOf(server)).toEqual([
      'Habi is open at https://shop.example.com',
      'Back office: https://shop.example.com/admin/auth',
    ]);
  });

  it('names this machine and the port it listens on when PUBLIC_URL is not set', async () => {
    const server = await start({ STORE_NAME: 'Tindahan' });
    expect(await bannerOf(server)).toEqual([
      `Tindahan is open at http://localhost:${server.port}`,
      `Back office: http://localhost:${server.port}/admin/auth`,
    ]);
  });
});
