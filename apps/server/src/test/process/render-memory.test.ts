// Server rendering holds nothing once a page is rendered: thousands of distinct pages (a new
// search each, as anyone can ask for) leave the heap where it was. The built rendering bundle
// (apps/web/dist-ssr, as the server loads it) runs here, its API a stand-in answering as the
// server does, so only the rendering's own memory is measured.
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { NEXT_CURSOR_HEADER, type ProductSummary } from '@habi/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { heapAfterGc } from '../heap.ts';

interface RenderingBundle {
  sendApiRequestsTo(api: typeof fetch): void;
  renderPage(url: string): Promise<{ html: string } | undefined>;
}

const root = fileURLToPath(new URL('../../../../../', import.meta.url));
let bundle: RenderingBundle;

/** A page of 24 products, each named after the search, as the list would answer it. */
function productsPage(q: string): ProductSummary[] {
  return Array.from({ length: 24 }, (_, i) => {
    const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
    return {
      _id: id,
      id,
      name: `${q} shirt ${i}`,
      imageUrl: `/uploads/${i}.webp`,
      price: '499.00',
      category: 'Men',
      subCategory: 'Tops',
      createdAt: '2026-11-01T00:00:00.000Z',
      stockTotal: null,
      soldOut: false,
    };
  });
}

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });

beforeAll(async () => {
  const script = `${root}scripts/build-if-stale.mjs`;
  const build = spawnSync(process.execPath, [script, 'web'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the web app did not build');
  bundle = (await import(pathToFileURL(`${root}apps/web/dist-ssr/entry-server.js`).href)) as RenderingBundle;
  bundle.sendApiRequestsTo(async (input) => {
    const url = new URL(String(input), 'http://store');
    if (url.pathname !== '/api/product/all') return json({ message: 'Not found' }, { status: 404 });
    return json(productsPage(url.searchParams.get('q') ?? ''), { headers: { [NEXT_CURSOR_HEADER]: 'next' } });
  });
}, 300_000);

async function renderSearches(from: number, count: number) {
  for (let i = from; i < from + count; i++) {
    const page = await bundle.renderPage(`/products?q=search${i}`);
    // A page rendered with its data, not a refusal: the memory measured is the rendering's.
    if (!page?.html.includes(`search${i} shirt 0`))
      throw new Error(`/products?q=search${i} was not rendered`);
  }
}

describe('server rendering', () => {
  it('keeps nothing of a page once it is rendered', async () => {
    // Warm up: the modules and the first-use structures of React and the router.
    await renderSearches(0, 200);
    const before = heapAfterGc();
    await renderSearches(200, 10_000);
    const growth = heapAfterGc() - before;
    // Kept per page, a page's data and query cache (several kB) would be over 50 MB here.
    expect(growth / 1024 / 1024).toBeLessThan(3);
  });
});
