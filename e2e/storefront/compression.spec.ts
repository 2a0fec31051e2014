import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';

/** The paths of the font files the page downloads from now on, as each finishes. */
function fontsFetched(page: Page): string[] {
  const fonts: string[] = [];
  page.on('requestfinished', (finished) => {
    if (finished.resourceType() === 'font') fonts.push(new URL(finished.url()).pathname);
  });
  return fonts;
}

/** The collection, its prices drawn and its fonts in. */
/** Women's clothes: the specs' own products are men's tops, and one of them has an accent in its name. */
async function openCollection(page: Page) {
  await page.goto('/products?category=Women');
  await expect(page.getByText(/₱\d/).first()).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
}

test('the built app is sent as built: its hashed entry script brotli-compressed, cached for good', async ({
  request,
}) => {
  const page = await request.get('/', { headers: { 'accept-encoding': 'br' } });
  expect(page.status()).toBe(200);
  // The page (rendered, the same for every visitor) is revalidated each time.
  expect(page.headers()['cache-control']).toBe('public, no-cache');
  expect(page.headers().vary).toMatch(/accept-encoding/i);
  const html = await page.text();
  const entry = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(entry, 'the entry script in the page').toBeDefined();
  const script = await request.get(entry!, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
  expect(script.status()).toBe(200);
  expect(script.headers()['content-encoding']).toBe('br');
  expect(script.headers().vary).toMatch(/accept-encoding/i);
  expect(script.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect((await script.body()).length).toBeGreaterThan(1000);
});

test('the page preloads the two fonts its text uses, and downloads each once', async ({ page, request }) => {
  const html = await (await request.get('/')).text();
  const preloaded = [
    ...html.matchAll(/<link rel="preload" as="font" type="font\/woff2" crossorigin="" href="([^"]+)"/g),
  ].map((match) => match[1]!);
  expect(preloaded.map((href) => href.replace(/-[\w-]{8}\.woff2$/, ''))).toEqual([
    '/assets/fraunces-latin',
    '/assets/manrope-latin',
  ]);

  const fonts = fontsFetched(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Each preloaded file is the one the stylesheet asks for (a mismatch would download it twice).
  for (const href of preloaded) expect(fonts.filter((font) => font === href)).toHaveLength(1);
});

test('prices show the peso sign in the store font without its latin-ext file', async ({ page }) => {
  const fonts = fontsFetched(page);
  await openCollection(page);
  // The face cut for U+20B1 alone drew it, and nothing else was fetched for it.
  const pesoFaces = await page.evaluate(() =>
    [...document.fonts].filter((f) => f.unicodeRange === 'U+20B1').map((f) => `${f.family} ${f.status}`),
  );
  expect(pesoFaces).toContain('Manrope loaded');
  await page.waitForLoadState('networkidle');
  expect(fonts.filter((font) => font.includes('latin-ext'))).toEqual([]);
});

test('accented letters come in a second file, fetched only for a page that draws one', async ({ page }) => {
  const fonts = fontsFetched(page);
  await openCollection(page);
  await page.waitForLoadState('networkidle');
  expect(fonts.filter((font) => font.includes('latin-more'))).toEqual([]);

  // A name with an accent: its letters are drawn in the store's font once the file arrives.
  const loaded = await page.evaluate(async () => {
    const name = document.createElement('p');
    name.textContent = 'Niño Café Jersey';
    document.querySelector('main')!.append(name);
    const faces = await document.fonts.load('16px Manrope', 'ñé');
    return faces.map((face) => `${face.family} ${face.status}`);
  });
  expect(loaded).toEqual(['Manrope loaded']);
  await expect.poll(() => fonts.filter((font) => font.includes('manrope-latin-more'))).toHaveLength(1);
});

test('until a font arrives, its fallback takes its room: the same line box, nearly the same width', async ({
  page,
}) => {
  await page.goto('/products');
  await expect(page.getByText(/₱\d/).first()).toBeVisible();
  const sizes = await page.evaluate(async () => {
    await document.fonts.ready;
    /** A line of the store's text at 40 px in `family`, as wide and tall as it is drawn. */
    const measure = (family: string, weight: number) => {
      const line = document.createElement('span');
      line.textContent = 'A relaxed linen shirt with a soft collar, cut for warm days and easy evenings.';
      Object.assign(line.style, {
        position: 'absolute',
        whiteSpace: 'nowrap',
        font: `${weight} 40px ${family}`,
        lineHeight: 'normal',
      });
      document.body.append(line);
      const { width, height } = line.getBoundingClientRect();
      line.remove();
      return { width, height };
    };
    type Box = { width: number; height: number };
    const sizes: Record<string, { font: Box; fallback: Box; system: Box; loaded: boolean }> = {};
    // Fraunces, the headings' face, comes in one weight.
    for (const [font, system, weight] of [
      ['Manrope', 'Liberation Sans', 400],
      ['Fraunces', 'Liberation Serif', 600],
    ] as const) {
      const loaded = (await document.fonts.load(`${weight} 40px "${font} Fallback"`)).length > 0;
      sizes[font] = {
        font: measure(`"${font}"`, weight),
        fallback: measure(`"${font} Fallback"`, weight),
        system: measure(`"${system}"`, weight),
        loaded,
      };
    }
    return sizes;
  });
  for (const [font, { font: drawn, fallback, system, loaded }] of Object.entries(sizes)) {
    expect(loaded, `${font} Fallback is a face the page has`).toBe(true);
    // The system font as it is would move the text down or up when the font swaps in.
    expect(system.height, font).not.toBe(drawn.height);
    expect(fallback.height, font).toBe(drawn.height);
    expect(Math.abs(fallback.width / drawn.width - 1), font).toBeLessThan(0.03);
  }
});
