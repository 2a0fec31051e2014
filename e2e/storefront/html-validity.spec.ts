import { HtmlValidate } from 'html-validate';
import { expect, test } from '../fixtures.ts';

// The pages the server renders, as it sends them (before the app's code runs): valid HTML by
// html-validate's `standard` preset, and every link and resource on them answering.

const validator = new HtmlValidate({ extends: ['html-validate:standard'] });

/** The same-origin URLs a page links to or loads (href, src and srcset). */
function urlsIn(html: string): string[] {
  const found = new Set<string>();
  for (const [, attribute, value] of html.matchAll(/\s(href|src|srcset)="([^"]*)"/g)) {
    const decoded = value!.replaceAll('&amp;', '&');
    const urls =
      attribute === 'srcset' ? decoded.split(',').map((entry) => entry.trim().split(/\s+/)[0]!) : [decoded];
    for (const url of urls) if (url.startsWith('/') && !url.startsWith('//')) found.add(url.split('#')[0]!);
  }
  return [...found];
}

test('every server-rendered page is valid HTML and none of its links is broken', async ({ request }) => {
  test.slow();
  const [tee] = (await (await request.get('/api/product/all?q=Men%20Crew%20T-shirt')).json()) as {
    _id: string;
  }[];
  const pages = [
    '/',
    '/products',
    `/view?pid=${tee!._id}`,
    '/about',
    '/delivery',
    '/privacy',
    '/cart',
    '/no-such-page',
  ];
  const links = new Set<string>();
  for (const path of pages) {
    const response = await request.get(path);
    expect(response.headers()['content-type'], path).toMatch(/^text\/html/);
    const html = await response.text();
    const report = await validator.validateString(html);
    const errors = report.results.flatMap((result) =>
      result.messages.map((m) => `${m.ruleId} at ${m.line}:${m.column}: ${m.message} (${m.selector})`),
    );
    expect.soft(errors, path).toEqual([]);
    for (const url of urlsIn(html)) links.add(url);
  }

  const broken: string[] = [];
  for (const url of links) {
    const response = await request.get(url, { maxRedirects: 5 });
    if (response.status() >= 400) broken.push(`${url}: ${response.status()}`);
  }
  expect(links.size).toBeGreaterThan(50);
  expect(broken).toEqual([]);
});
