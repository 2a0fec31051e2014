import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signInAdmin, signUpCustomer, useTestApp } from '../../test/helpers.ts';

describe('GET /api/admin/emails and /api/admin/emails/:id', () => {
  const ctx = useTestApp();
  let admin: SignedIn;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    admin = await signInAdmin(ctx.t);
    const rows: [name: string, recipient: string, subject: string, status: string, minutesAgo: number][] = [
      ['old', 'ana@example.com', 'Your Habi order is confirmed', 'sent', 30],
      ['shipped', 'ben@example.com', 'Shipped: Linen Shirt', 'sent', 20],
      ['failed', 'cara@example.com', 'Cancelled: 50% Tee', 'failed', 10],
      ['new', 'ana@example.com', 'Delivered: Canvas Tote', 'pending', 0],
    ];
    for (const [name, recipient, subject, status, minutesAgo] of rows) {
      const result = await ctx.t.database.db.execute(sql`
        insert into outbox (kind, recipient, subject, html, text, status, attempts, created_at, sent_at, last_error)
        values ('test', ${recipient}, ${subject}, ${`<p>${name} & co</p>`}, ${`${name} text`}, ${status},
                ${status === 'pending' ? 0 : 1}, now() - ${minutesAgo} * interval '1 minute',
                ${status === 'sent' ? sql`now()` : null}, ${status === 'failed' ? 'EENVELOPE: 550 No such user' : null})
        returning id`);
      ids[name] = (result as unknown as { rows: { id: string }[] }).rows[0]!.id;
    }
  });

  const list = (query = '') =>
    ctx.t.request({ method: 'GET', url: `/api/admin/emails${query}`, cookie: admin.cookie });

  it('lists the newest first, a page at a time, with the count of all', async () => {
    const first = await list('?limit=3');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe('4');
    expect(first.json().map((e: { _id: string }) => e._id)).toEqual([ids.new, ids.failed, ids.shipped]);
    expect(first.json()[0]).toEqual({
      _id: ids.new,
      kind: 'test',
      recipient: 'ana@example.com',
      subject: 'Delivered: Canvas Tote',
      status: 'pending',
      attempts: 0,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      sentAt: null,
    });
    const second = await list('?limit=3&offset=3');
    expect(second.json().map((e: { _id: string }) => e._id)).toEqual([ids.old]);
    expect(second.json()[0].sentAt).toMatch(/Z$/);
  });

  it('searches recipient and subject, LIKE wildcards taken literally, and filters by status', async () => {
    const found = async (query: string) => (await list(query)).json().map((e: { _id: string }) => e._id);
    expect(await found('?q=ANA@')).toEqual([ids.new, ids.old]);
    expect(await found('?q=linen')).toEqual([ids.shipped]);
    expect(await found('?q=50%25')).toEqual([ids.failed]);
    expect(await found('?q=%25')).toEqual([ids.failed]);
    expect(await found('?status=sent')).toEqual([ids.shipped, ids.old]);
    expect(await found('?status=pending&q=ana')).toEqual([ids.new]);
    expect(await found('?sort=recipient')).toEqual([ids.new, ids.old, ids.shipped, ids.failed]);
  });

  it('gives one mail with its parts and its last error', async () => {
    const response = await ctx.t.request({
      method: 'GET',
      url: `/api/admin/emails/${ids.failed}`,
      cookie: admin.cookie,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      _id: ids.failed,
      subject: 'Cancelled: 50% Tee',
      status: 'failed',
      html: '<p>failed & co</p>',
      text: 'failed text',
      lastError: 'EENVELOPE: 550 No such user',
      nextAttemptAt: expect.stringMatching(/Z$/),
    });
  });

  it('answers 404 for an unknown mail and 401 to a customer', async () => {
    const unknown = await ctx.t.request({
      method: 'GET',
      url: '/api/admin/emails/3b241101-e2bb-4255-8caf-4136c566a962',
      cookie: admin.cookie,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Email not found' });
    const customer = await signUpCustomer(ctx.t);
    const refused = await ctx.t.request({
      method: 'GET',
      url: `/api/admin/emails/${ids.old}`,
      cookie: customer.cookie,
    });
    expect(refused.statusCode).toBe(401);
  });
});
