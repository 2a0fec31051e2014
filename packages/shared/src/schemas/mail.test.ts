import { describe, expect, it } from 'vitest';
import { EmailListQuerySchema } from './mail.ts';

describe('EmailListQuerySchema', () => {
  it('pages, searches, sorts and filters by one status', () => {
    expect(EmailListQuerySchema.parse({})).toEqual({ limit: 100, offset: 0 });
    expect(
      EmailListQuerySchema.parse({
        q: ' maria ',
        status: 'failed',
        sort: 'recipient',
        order: 'asc',
        limit: '10',
      }),
    ).toEqual({ q: 'maria', status: 'failed', sort: 'recipient', order: 'asc', limit: 10, offset: 0 });
  });

  it('refuses another status, sort or parameter', () => {
    for (const query of [{ status: 'lost' }, { status: '' }, { sort: 'status' }, { kind: 'order-placed' }]) {
      expect(EmailListQuerySchema.safeParse(query).success, JSON.stringify(query)).toBe(false);
    }
  });
});
