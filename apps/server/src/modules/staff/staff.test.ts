import { NO_ACCESS_MESSAGE, STAFF_MESSAGES, type StaffRole } from '@habi/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  cookieOf,
  queryRows,
  type SignedIn,
  STAFF_PASSWORD,
  signInAdmin,
  signInStaff,
  type TestApp,
} from '../../test/helpers.ts';

let t: TestApp;
let owner: SignedIn;
let address = 0;
/** A client address of its own, so sign-in throttling never counts two tests together. */
const newAddress = () => {
  address += 1;
  return `10.88.${Math.floor(address / 250)}.${(address % 250) + 1}`;
};

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  t.request({ method, url, ...(cookie ? { cookie } : {}), ...(payload ? { payload } : {}) });

const invite = (email: string, role: StaffRole = 'fulfilment', cookie = owner.cookie) =>
  call('POST', '/api/admin/staff/invites', cookie, { email, name: 'Maria Santos', role });

/** The token of the newest invite mailed to an address, and the mail. */
async function inviteMailTo(email: string) {
  const [mail] = await queryRows<{ id: string; kind: string; text: string; html: string }>(
    t,
    sql`select id, kind, text, html from outbox where recipient = ${email} order by created_at desc, id desc limit 1`,
  );
  const [, token = ''] = /\/admin\/invite\?token=([\w-]{43})/.exec(mail?.text ?? '') ?? [];
  return { mail, token };
}

const accept = (token: string, username: string, password = 'fulfil-secret-1') =>
  call('POST', '/api/admin/invites/accept', undefined, { token, username, password });

const signIn = (username: string, password: string) =>
  t.request({
    method: 'POST',
    url: '/api/admin/sign-in',
    payload: { username, password },
    remoteAddress: newAddress(),
  });

const me = (cookie: string) => call('GET', '/api/admin', cookie);
const unique = () => Math.random().toString(36).slice(2, 10);

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signInAdmin(t);
});
afterAll(() => t.close());

describe('staff invites', () => {
  it('mails a link that sets a password once, and the invitee signs in with the role', async () => {
    const email = `packer-${unique()}@example.com`;
    const sent = await invite(email.toUpperCase());
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({
      message: STAFF_MESSAGES.invited,
      invite: { email, role: 'fulfilment' },
    });

    const { mail, token } = await inviteMailTo(email);
    expect(mail?.kind).toBe('staff-invite');
    expect(token).toHaveLength(43);
    expect(mail?.text).toContain('Maria Santos');
    expect(mail?.html).toContain(token);
    // The back office's copy of the mail hides the link's token.
    const shown = await call('GET', `/api/admin/emails/${mail!.id}`, owner.cookie);
    expect(shown.statusCode).toBe(200);
    expect(JSON.stringify(shown.json())).not.toContain(token);
    // Only the token's digest is stored.
    const stored = await queryRows<{ token_hash: string }>(
      t,
      sql`select token_hash from staff_invites where email = ${email}`,
    );
    expect(stored[0]!.token_hash).not.toBe(token);
    expect(stored[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);

    const checked = await call('POST', '/api/admin/invites/check', undefined, { token });
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toEqual({ email, name: 'Maria Santos', role: 'fulfilment' });

    const username = `packer-${unique()}`;
    const accepted = await accept(token, username);
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json()).toEqual({ message: STAFF_MESSAGES.accepted });
    const session = cookieOf(accepted);
    expect((await me(session)).json()).toMatchObject({ username, email, role: 'fulfilment' });

    // The link works once.
    expect((await accept(token, `other-${unique()}`)).statusCode).toBe(404);
    expect((await call('POST', '/api/admin/invites/check', undefined, { token })).statusCode).toBe(404);

    const signedIn = await signIn(username, 'fulfil-secret-1');
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const second = `admin_sid=${signedIn.cookies.find((c) => c.name === 'admin_sid')!.value}`;
    expect((await me(second)).json().role).toBe('fulfilment');
    // A fulfilment member may ship but not manage staff or read reports.
    expect((await call('GET', '/api/orders/all', second)).statusCode).toBe(200);
    for (const url of [
      '/api/admin/staff',
      '/api/admin/dashboard',
      '/api/admin/discounts',
      '/api/users/all',
    ]) {
      const refused = await call('GET', url, second);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toEqual({ message: NO_ACCESS_MESSAGE });
    }

    const list = (await call('GET', '/api/admin/staff', owner.cookie)).json();
    expect(list.invites.map((i: { email: string }) => i.email)).not.toContain(email);
    expect(list.members).toContainEqual(
      expect.objectContaining({ username, role: 'fulfilment', suspended: false }),
    );
  });

  it('refuses a lapsed link, a second invite to one address and a member’s address', async () => {
    const email = `late-${unique()}@example.com`;
    expect((await invite(email)).statusCode).toBe(201);
    const again = await invite(email, 'support');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(STAFF_MESSAGES.inviteTaken);
    const { token } = await inviteMailTo(email);
    await t.database.db.execute(
      sql`update staff_invites set expires_at = now() - interval '1 second' where email = ${email}`,
    );
    const lapsed = await accept(token, `late-${unique()}`);
    expect(lapsed.statusCode).toBe(404);
    expect(lapsed.json().message).toBe(STAFF_MESSAGES.badLink);
    const listed = (await call('GET', '/api/admin/staff', owner.cookie)).json();
    expect(listed.invites).toContainEqual(expect.objectContaining({ email, expired: true }));

    const member = await invite('admin@example.com');
    expect(member.statusCode).toBe(409);
    expect(member.json().message).toBe(STAFF_MESSAGES.memberTaken);
  });

  it('sends again with a new link (the older stops working) and cancels', async () => {
    const email = `resend-${unique()}@example.com`;
    const id = (await invite(email)).json().invite._id;
    const first = (await inviteMailTo(email)).token;
    const resent = await call('POST', `/api/admin/staff/invites/${id}/resend`, owner.cookie);
    expect(resent.statusCode, resent.body).toBe(200);
    const second = (await inviteMailTo(email)).token;
    expect(second).not.toBe(first);
    expect((await call('POST', '/api/admin/invites/check', undefined, { token: first })).statusCode).toBe(
      404,
    );
    expect((await call('POST', '/api/admin/invites/check', undefined, { token: second })).statusCode).toBe(
      200,
    );

    expect((await call('DELETE', `/api/admin/staff/invites/${id}`, owner.cookie)).statusCode).toBe(200);
    expect((await accept(second, `gone-${unique()}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/admin/staff/invites/${id}`, owner.cookie)).statusCode).toBe(404);
    expect((await call('POST', `/api/admin/staff/invites/${id}/resend`, owner.cookie)).statusCode).toBe(404);
  });

  it('keeps the link working when the username is taken, and refuses a common password', async () => {
    const email = `taken-${unique()}@example.com`;
    await invite(email);
    const { token } = await inviteMailTo(email);
    const taken = await accept(token, 'ADMIN');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ username: 'This username is already taken' });
    expect((await accept(token, `fine-${unique()}`, 'password')).statusCode).toBe(400);
    expect((await accept(token, `fine-${unique()}`)).statusCode).toBe(201);
  });

  it('gives exactly one account for two acceptances of one link at once', async () => {
    const email = `twice-${unique()}@example.com`;
    await invite(email);
    const { token } = await inviteMailTo(email);
    const answers = await Promise.all([
      accept(token, `first-${unique()}`),
      accept(token, `second-${unique()}`),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 404]);
    const rows = await queryRows(t, sql`select id from admins where email = ${email}`);
    expect(rows).toHaveLength(1);
  });
});

describe('suspending and removing', () => {
  it('ends a suspended member’s sessions at once, refuses their sign-in, and reinstates them', async () => {
    const member = await signInStaff(t, 'manager');
    const second = cookieOf(await signIn(member.name, STAFF_PASSWORD));
    expect((await me(member.cookie)).statusCode).toBe(200);

    const suspended = await call('PATCH', `/api/admin/staff/${member.id}`, owner.cookie, { suspended: true });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(suspended.json().member).toMatchObject({ suspended: true, role: 'manager' });
    expect((await me(member.cookie)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
    const [{ n } = { n: -1 }] = await queryRows<{ n: number }>(
      t,
      sql`select count(*)::int as n from sessions where admin_id = ${member.id}`,
    );
    expect(n).toBe(0);
    expect((await signIn(member.name, STAFF_PASSWORD)).statusCode).toBe(401);

    // A session made while suspended (a sign-in racing the suspension) opens nothing either.
    await t.database.db.execute(sql`insert into sessions (token_hash, admin_id, expires_at)
      values ('raced', ${member.id}, now() + interval '1 day')`);

    expect(
      (await call('PATCH', `/api/admin/staff/${member.id}`, owner.cookie, { suspended: false })).statusCode,
    ).toBe(200);
    const back = await signIn(member.name, STAFF_PASSWORD);
    expect(back.statusCode).toBe(200);
    expect((await me(cookieOf(back))).json().role).toBe('manager');
  });

  it('changes what a member may do on their open session', async () => {
    const member = await signInStaff(t, 'manager');
    expect((await call('GET', '/api/admin/discounts', member.cookie)).statusCode).toBe(200);
    const changed = await call('PATCH', `/api/admin/staff/${member.id}`, owner.cookie, { role: 'support' });
    expect(changed.json().member.role).toBe('support');
    expect((await call('GET', '/api/admin/discounts', member.cookie)).statusCode).toBe(403);
    expect((await call('GET', '/api/users/all', member.cookie)).statusCode).toBe(200);
  });

  it('removes a member: no session, no sign-in, not listed', async () => {
    const member = await signInStaff(t, 'support');
    const removed = await call('DELETE', `/api/admin/staff/${member.id}`, owner.cookie);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: STAFF_MESSAGES.removed });
    expect((await me(member.cookie)).statusCode).toBe(401);
    expect((await signIn(member.name, STAFF_PASSWORD)).statusCode).toBe(401);
    const list = (await call('GET', '/api/admin/staff', owner.cookie)).json();
    expect(list.members.map((m: { _id: string }) => m._id)).not.toContain(member.id);
    expect((await call('DELETE', `/api/admin/staff/${member.id}`, owner.cookie)).statusCode).toBe(404);
    expect(
      (await call('PATCH', `/api/admin/staff/${member.id}`, owner.cookie, { role: 'owner' })).statusCode,
    ).toBe(404);
  });
});

describe('the last owner', () => {
  /** The owners other than the standing one are demoted, so the standing owner is the last. */
  async function onlyOwner() {
    await t.database.db.execute(
      sql`update admins set role = 'manager' where role = 'owner' and id <> ${owner.id}`,
    );
    await t.database.db.execute(
      sql`update admins set suspended_at = null, removed_at = null where id = ${owner.id}`,
    );
  }

  it('cannot be demoted, suspended or removed, by themselves or anyone', async () => {
    await onlyOwner();
    for (const [method, payload] of [
      ['PATCH', { role: 'manager' }],
      ['PATCH', { suspended: true }],
      ['DELETE', undefined],
    ] as const) {
      const refused = await call(method, `/api/admin/staff/${owner.id}`, owner.cookie, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(409);
      expect(refused.json()).toEqual({ message: STAFF_MESSAGES.lastOwner });
    }
    expect((await me(owner.cookie)).json().role).toBe('owner');
    // Another owner may go once the shop has one more; a suspended owner does not count.
    const other = await signInStaff(t, 'owner');
    expect(
      (await call('PATCH', `/api/admin/staff/${other.id}`, owner.cookie, { suspended: true })).statusCode,
    ).toBe(200);
    expect((await call('DELETE', `/api/admin/staff/${owner.id}`, owner.cookie)).statusCode).toBe(409);
    expect((await call('DELETE', `/api/admin/staff/${other.id}`, owner.cookie)).statusCode).toBe(200);
  });

  it('of two owners removing each other at once, one is refused', async () => {
    await onlyOwner();
    const other = await signInStaff(t, 'owner');
    const answers = await Promise.all([
      call('DELETE', `/api/admin/staff/${other.id}`, owner.cookie),
      call('DELETE', `/api/admin/staff/${owner.id}`, other.cookie),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const [{ n } = { n: -1 }] = await queryRows<{ n: number }>(
      t,
      sql`select count(*)::int as n from admins where role = 'owner' and removed_at is null and suspended_at is null`,
    );
    expect(n).toBe(1);
    // The standing owner must stay for the tests after: put them back if they were the one removed.
    await t.database.db.execute(sql`update admins set removed_at = null where id = ${owner.id}`);
    owner = await signInAdmin(t);
  });

  it('of two owners demoting each other at once, one is refused', async () => {
    await onlyOwner();
    const other = await signInStaff(t, 'owner');
    const answers = await Promise.all([
      call('PATCH', `/api/admin/staff/${other.id}`, owner.cookie, { role: 'support' }),
      call('PATCH', `/api/admin/staff/${owner.id}`, other.cookie, { suspended: true }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    await t.database.db.execute(
      sql`update admins set role = 'owner', suspended_at = null where id = ${owner.id}`,
    );
    owner = await signInAdmin(t);
  });
});

describe('staff pages are the owner’s', () => {
  it.each(['manager', 'fulfilment', 'support'] as const)('refuses %s', async (role) => {
    const member = await signInStaff(t, role);
    expect((await call('GET', '/api/admin/staff', member.cookie)).statusCode).toBe(403);
    const self = await call('PATCH', `/api/admin/staff/${member.id}`, member.cookie, { role: 'owner' });
    expect(self.statusCode).toBe(403);
    expect((await me(member.cookie)).json().role).toBe(role);
  });
});
