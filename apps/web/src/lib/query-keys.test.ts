import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys, refreshStoreData } from './query-keys.ts';

/** A cache holding one entry under each key, none of them invalidated yet. */
function cacheWith(keys: readonly (readonly unknown[])[]) {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, 'cached');
  return client;
}

/** Which of `keys` the cache now marks as invalidated. */
function invalidated(client: QueryClient, keys: readonly (readonly unknown[])[]) {
  return keys.filter((key) => client.getQueryState(key)?.isInvalidated);
}

const everyKey = [
  queryKeys.session.customer(),
  queryKeys.session.admin(),
  queryKeys.products.list({ category: ['Men'], subCategory: [] }),
  queryKeys.products.list({ category: [], subCategory: ['Tops'], sort: 'asc' }),
  queryKeys.products.best(),
  queryKeys.products.detail('p1'),
  queryKeys.orders.ofUser('u1'),
  queryKeys.orders.list({ q: 'maria', limit: 10, offset: 0 }),
  queryKeys.orders.detail('o1'),
  queryKeys.users.list({ q: 'maria' }),
];

describe('queryKeys', () => {
  it('nests every order key under orders.all, so one invalidation refreshes lists and details', async () => {
    const client = cacheWith(everyKey);
    await client.invalidateQueries({ queryKey: queryKeys.orders.all });
    expect(invalidated(client, everyKey)).toEqual([
      ['orders', 'user', 'u1'],
      ['orders', 'list', { q: 'maria', limit: 10, offset: 0 }],
      ['orders', 'detail', 'o1'],
    ]);
  });

  it('nests the product lists under products.lists(), apart from Best Collections and details', async () => {
    const client = cacheWith(everyKey);
    await client.invalidateQueries({ queryKey: queryKeys.products.lists() });
    expect(invalidated(client, everyKey)).toEqual([
      ['products', 'list', { category: ['Men'], subCategory: [] }],
      ['products', 'list', { category: [], subCategory: ['Tops'], sort: 'asc' }],
    ]);
  });

  it('covers every product key with products.all', async () => {
    const client = cacheWith(everyKey);
    await client.invalidateQueries({ queryKey: queryKeys.products.all });
    expect(invalidated(client, everyKey)).toHaveLength(4);
  });

  it('keeps the shopper and the admin sessions apart, both under session.all', async () => {
    const client = cacheWith(everyKey);
    await client.invalidateQueries({ queryKey: queryKeys.session.admin(), exact: true });
    expect(invalidated(client, everyKey)).toEqual([['session', 'admin']]);
    await client.invalidateQueries({ queryKey: queryKeys.session.all });
    expect(invalidated(client, everyKey)).toEqual([
      ['session', 'customer'],
      ['session', 'admin'],
    ]);
  });

  it('tells one order or product from another by its id', () => {
    expect(queryKeys.orders.detail('o1')).not.toEqual(queryKeys.orders.detail('o2'));
    expect(queryKeys.products.detail('p1')).not.toEqual(queryKeys.orders.detail('p1'));
  });
});

describe('refreshStoreData', () => {
  it('refreshes the session, users, orders and products after a change, and nothing else', async () => {
    const unrelated = ['flags'] as const;
    const client = cacheWith([...everyKey, unrelated]);
    refreshStoreData(client);
    // invalidateQueries marks the entries at once; the refetches it starts are not awaited here.
    expect(invalidated(client, [...everyKey, unrelated])).toEqual(everyKey);
  });
});
