import { isAppPage, PRIVATE_PAGES, PUBLIC_PAGES } from '@habi/shared';
import { describe, expect, it } from 'vitest';
import { paths } from './paths.ts';

/** Every URL `paths` makes, functions called with a sample id. */
function everyPath(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'function') return [value('sample-id')];
  return Object.values(value as Record<string, unknown>).flatMap(everyPath);
}

describe('the pages the server knows (shared pages.ts)', () => {
  it('hold every path the web app links to', () => {
    for (const url of everyPath(paths)) {
      expect(isAppPage(new URL(url, 'http://store.test').pathname), url).toBe(true);
    }
  });

  it('hold no page the web app does not link to', () => {
    const linked = new Set(everyPath(paths).map((url) => new URL(url, 'http://store.test').pathname));
    // The newsletter's pages are reached from its mails' links, not from the app.
    const fromMail = ['/newsletter/confirm', '/newsletter/unsubscribe'];
    for (const page of [...PUBLIC_PAGES, ...PRIVATE_PAGES]) {
      if (!fromMail.includes(page)) expect(linked.has(page), page).toBe(true);
    }
  });

  it('answer false for paths the app has no page at', () => {
    for (const path of ['/no-such-page', '/aboutus', '/products/shirts', '/users']) {
      expect(isAppPage(path), path).toBe(false);
    }
    expect(isAppPage('/about/')).toBe(true);
    expect(isAppPage('/admin/anything/deep')).toBe(true);
  });
});
