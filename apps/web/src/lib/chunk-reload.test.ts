import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { claimReload, isChunkLoadError, RELOAD_GUARD_MS } from './chunk-reload.ts';

describe('isChunkLoadError', () => {
  it.each([
    'Failed to fetch dynamically imported module: https://habi.example/assets/about-page-vRF93S2q.js',
    'error loading dynamically imported module: https://habi.example/assets/about-page-vRF93S2q.js',
    'Importing a module script failed.',
    'Unable to preload CSS for https://habi.example/assets/admin-app-CiCYV4lM.css',
  ])('knows "%s"', (message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true);
  });

  it('leaves other errors and thrown non-errors alone', () => {
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'default')"))).toBe(
      false,
    );
    expect(isChunkLoadError(new Error('Failed to fetch'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});

describe('claimReload', () => {
  const now = Date.UTC(2025, 0, 1);
  let storage: Map<string, string>;
  const store = () => ({
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, value),
  });

  beforeEach(() => {
    storage = new Map();
  });

  it('claims a page once within the guard', () => {
    expect(claimReload(store(), '/about', now)).toBe(true);
    expect(claimReload(store(), '/about', now + 1)).toBe(false);
    expect(claimReload(store(), '/about', now + RELOAD_GUARD_MS - 1)).toBe(false);
  });

  it('claims it again once the guard has passed, for a later deploy', () => {
    expect(claimReload(store(), '/about', now)).toBe(true);
    expect(claimReload(store(), '/about', now + RELOAD_GUARD_MS)).toBe(true);
    expect(claimReload(store(), '/about', now + RELOAD_GUARD_MS + 1)).toBe(false);
  });

  it('keeps one mark per page, query included', () => {
    expect(claimReload(store(), '/about', now)).toBe(true);
    expect(claimReload(store(), '/products', now)).toBe(true);
    expect(claimReload(store(), '/view?pid=1', now)).toBe(true);
    expect(claimReload(store(), '/view?pid=2', now)).toBe(true);
    expect(claimReload(store(), '/view?pid=1', now)).toBe(false);
  });

  it('takes a mark it cannot read, or one from a clock set back, as no mark', () => {
    storage.set('habi.chunk-reload:/about', 'soon');
    expect(claimReload(store(), '/about', now)).toBe(true);
    storage.set('habi.chunk-reload:/cart', String(now + 60_000));
    expect(claimReload(store(), '/cart', now)).toBe(true);
    expect(claimReload(store(), '/cart', now + 1)).toBe(false);
  });
});

describe('reloadOnce', () => {
  // Each test is a fresh document: the module's memory of a reload under way starts empty.
  const load = async () => {
    vi.resetModules();
    return import('./chunk-reload.ts');
  };
  let reload: MockInstance<Location['reload']>;
  let assign: MockInstance<Location['assign']>;

  beforeEach(() => {
    window.sessionStorage.clear();
    window.history.replaceState(null, '', '/about');
    reload = vi.spyOn(window.location, 'reload').mockImplementation(() => {});
    assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('reloads the current page once, and stays reloading until it unloads', async () => {
    const { reloadOnce, isReloading } = await load();
    expect(isReloading()).toBe(false);
    expect(reloadOnce(window.location.href)).toBe(true);
    expect(reload).toHaveBeenCalledOnce();
    expect(isReloading()).toBe(true);
    // The import's own failure reports the same error again: no second reload.
    expect(reloadOnce(window.location.href)).toBe(true);
    expect(reload).toHaveBeenCalledOnce();
    expect(assign).not.toHaveBeenCalled();
  });

  it('ignores the hash when telling the current page', async () => {
    const { reloadOnce } = await load();
    window.history.replaceState(null, '', '/about#main');
    expect(reloadOnce('/about')).toBe(true);
    expect(reload).toHaveBeenCalledOnce();
  });

  it("opens a navigation's target rather than reloading the page it left", async () => {
    const { reloadOnce } = await load();
    expect(reloadOnce('/products?category=Men')).toBe(true);
    expect(assign).toHaveBeenCalledWith(`${window.location.origin}/products?category=Men`);
    expect(reload).not.toHaveBeenCalled();
  });

  it('leaves it to the error page when the reloaded page fails again', async () => {
    expect((await load()).reloadOnce('/about')).toBe(true);
    const afterReload = await load();
    expect(afterReload.reloadOnce('/about')).toBe(false);
    expect(afterReload.isReloading()).toBe(false);
    expect(reload).toHaveBeenCalledOnce();
    // Another page still gets its own reload.
    expect(afterReload.reloadOnce('/cart')).toBe(true);
    expect(assign).toHaveBeenCalledOnce();
  });

  it('does not reload without sessionStorage, which would risk a loop', async () => {
    const { reloadOnce } = await load();
    vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    expect(reloadOnce('/about')).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
