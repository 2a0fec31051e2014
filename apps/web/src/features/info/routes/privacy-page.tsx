import { NEWSLETTER_DISCOUNT_PERCENT, PAGE_HEADS } from '@habi/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { STORE_NAME } from '../../../components/layout/logo.tsx';
import { STORE_CONTACT } from '../../../components/layout/store-info.ts';
import { useDocumentTitle } from '../../../components/layout/use-document-title.ts';
import { paths } from '../../../lib/paths.ts';
import { useAuth } from '../../../lib/session.ts';
import { InfoPage, InfoSection, textLink } from '../components/info-page.tsx';

/** One kind of record: what it holds, why it is kept, and for how long. */
function KeptRecord({
  title,
  what,
  why,
  howLong,
}: {
  title: string;
  what: ReactNode;
  why: ReactNode;
  howLong: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-line bg-white p-5 sm:p-6">
      <h3 className="text-xl font-semibold text-ink">{title}</h3>
      <dl className="flex flex-col gap-4 text-[0.9375rem] sm:gap-3">
        {(
          [
            ['What', what],
            ['Why', why],
            ['How long', howLong],
          ] as const
        ).map(([term, text]) => (
          <div key={term} className="flex flex-col gap-1 sm:grid sm:grid-cols-[7rem_1fr] sm:gap-4">
            <dt className="text-xs font-bold tracking-[0.14em] text-muted uppercase sm:pt-1">{term}</dt>
            <dd>{text}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

const COOKIES = [
  {
    name: 'sid',
    purpose: 'Keeps you signed in. It holds a random key; we store only a fingerprint of it.',
    lasts: '30 days, or until you log out',
  },
  {
    name: 'device',
    purpose:
      'Remembers that this browser has signed in to your account, so other people’s wrong guesses never slow your own sign-in. Sent only when you sign in.',
    lasts: 'A year after your last sign-in from this browser',
  },
];

/** /privacy: what the store keeps, why, for how long, its cookies and the customer's rights. */
export default function PrivacyPage() {
  useDocumentTitle(PAGE_HEADS['/privacy'].title);
  const { user } = useAuth();
  const profile = user ? paths.updateProfile(user.id) : paths.signIn;
  return (
    <InfoPage
      eyebrow="Privacy Policy"
      title="Your data, kept to what we need"
      lead={
        <p>
          This page says plainly what {STORE_NAME} keeps about you, why, for how long, and what you can do
          about it. We do not sell your data, show you advertising, or load anything from other companies’
          sites.
        </p>
      }
    >
      <WhatWeKeep />
      <Cookies />
      <YourRights profile={profile} />
    </InfoPage>
  );
}

/** Each kind of record the store keeps, and who sees them. */
function WhatWeKeep() {
  return (
    <InfoSection id="keep-title" title="What we keep">
      <KeptRecord
        title="Your account"
        what="Your name, email address, contact number, the shipping addresses you save and your profile picture if you add one. Your password is stored only as a one-way hash that no one can read back."
        why="To sign you in, deliver your orders and reach you about them."
        howLong="Until you delete your account."
      />
      <KeptRecord
        title="Your orders"
        what="What you ordered (items, sizes, quantities, prices), the delivery option and date, the address it goes to, the name on the order and each item’s status, and the returns and exchanges you ask for (the reason, your note and photos)."
        why="To deliver your orders, handle cancellations, and keep the shop’s sales records."
        howLong="Kept as the shop’s records. If you delete your account, your orders stay with the name and delivery address they were placed with, but no longer linked to any account, email address or contact number, and without the photos of your return requests (the shop keeps a record of the emails sent about them, without your address: see below)."
      />
      <KeptRecord
        title="Sign-in sessions and devices"
        what="For each sign-in, a session with its start and end. For each browser that signs in, a device record. Both hold random keys that we store only as fingerprints."
        why="To keep you signed in, and to protect your account from password guessing."
        howLong="A session ends after 30 days or when you log out. A device record ends a year after its last sign-in. Both go when you delete your account."
      />
      <KeptRecord
        title="Security records"
        what="Counts of sign-in attempts, by network (IP) address and by the email address typed, and of sign-ups and newsletter subscriptions by network address."
        why="To slow down anyone guessing passwords, creating accounts in bulk or filling other people’s inboxes."
        howLong="Forgotten an hour (network address) or a day (email address) after the last attempt, then deleted. Those kept under your account’s email address are deleted at once when you delete your account."
      />
      <KeptRecord
        title="Newsletter subscription and consent"
        what={
          <>
            The email address you subscribe with, when you confirmed it, and whether your welcome code of{' '}
            {NEWSLETTER_DISCOUNT_PERCENT}% off has been issued and used.
          </>
        }
        why={
          <>
            To send the newsletter you asked for, and to give the first-time subscriber code once per address.
            You subscribe in two steps: we email you a link, and nothing more is sent until you confirm it.
          </>
        }
        howLong={
          <>
            Until you unsubscribe. After that we keep only the address, marked unsubscribed, so that we send
            nothing more and the welcome code stays one per address. If you delete your account, the address
            goes too. If it had been given its welcome code, the code is withdrawn (no one can use it) and we
            keep only a fingerprint of the address, a one-way hash that cannot be turned back into it, so that
            subscribing again does not bring a second code.
          </>
        }
      />
      <KeptRecord
        title="Emails we send you"
        what="A copy of each email, with the address it goes to: order confirmations, updates when an item ships, is delivered or is cancelled, account and newsletter mail. Links in them that act for you (setting a password, confirming a subscription) are blanked in our copy once the email has gone."
        why="To send it reliably, retry if it fails, and know what we told you."
        howLong="Kept with the shop’s records of sent mail. If you delete your account, our copies lose your address and what they said, keeping only what kind of email went and when; emails not yet sent are withdrawn and never sent."
      />
      <p>
        Only our staff see these records, in the store’s back office, to run your orders and your account. Our
        server logs note each request’s address, result and timing under a random number; they do not record
        your network address or anything you type.
      </p>
    </InfoSection>
  );
}

/** The two cookies the store sets, and none other. */
function Cookies() {
  return (
    <InfoSection id="cookies-title" title="Cookies">
      <p>
        We use only the cookies the store needs to work: no analytics, advertising or third-party cookies, so
        there is nothing to accept or decline. They are set only once you sign up or sign in, and only our
        server can read them.
      </p>
      <div className="overflow-hidden rounded-2xl border border-line bg-white">
        <table className="w-full text-left text-[0.9375rem]">
          <caption className="sr-only">Cookies the store sets</caption>
          <thead className="bg-sand text-xs font-bold tracking-[0.14em] text-muted uppercase">
            <tr>
              <th scope="col" className="px-4 py-3 sm:px-5">
                Cookie
              </th>
              <th scope="col" className="px-4 py-3 sm:px-5">
                What it is for
              </th>
              <th scope="col" className="hidden px-4 py-3 sm:table-cell sm:px-5">
                How long
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line align-top">
            {COOKIES.map((cookie) => (
              <tr key={cookie.name}>
                <th scope="row" className="px-4 py-4 sm:px-5">
                  <code className="rounded-md bg-sand px-2 py-1 font-mono text-sm font-semibold text-ink">
                    {cookie.name}
                  </code>
                </th>
                <td className="px-4 py-4 sm:px-5">
                  {cookie.purpose}
                  <span className="mt-1 block text-sm text-muted sm:hidden">{cookie.lasts}</span>
                </td>
                <td className="hidden px-4 py-4 sm:table-cell sm:px-5">{cookie.lasts}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        Your cart is kept in your browser’s own storage, not in a cookie, and reaches us only when you place
        an order. Our staff’s back office uses cookies of its own, which shoppers never receive.
      </p>
    </InfoSection>
  );
}

/** What a customer can do about their data; `profile` is where (their Update Profile page, or sign-in). */
function YourRights({ profile }: { profile: string }) {
  return (
    <InfoSection id="rights-title" title="Your rights">
      <p>
        <strong>See your data.</strong> On{' '}
        <Link to={profile} className={textLink}>
          Update Profile
        </Link>
        , “Download my data” gives you a file with your profile, addresses, orders and sign-in sessions.
      </p>
      <p>
        <strong>Correct it.</strong> Change your name, email address, contact number and picture on the same
        page, and your addresses in your cart.
      </p>
      <p>
        <strong>Delete your account.</strong> “Delete my account” on the same page, confirmed with your
        password, erases your contact details, addresses and picture, your sign-in sessions, devices and the
        security records under your email address, and your newsletter subscription; it withdraws your welcome
        code and any email to you not sent yet, and signs you out everywhere. What stays, and why:
      </p>
      <ul className="flex list-disc flex-col gap-2 pl-6">
        <li>
          Your orders, with the name and delivery address they were placed with, but no email address or
          contact number: the shop’s sales and accounting records.
        </li>
        <li>
          A record of the emails we had already sent you (what kind, the subject and when), without your
          address or what they said: the shop’s record that it told you about your orders.
        </li>
        <li>
          If your address had been given a welcome code: a one-way fingerprint of the address and the code,
          switched off, so that an address gets one welcome code ever.
        </li>
      </ul>
      <p>
        <strong>Withdraw your newsletter consent.</strong> Every newsletter email has an unsubscribe link that
        works in one click, with no sign-in.
      </p>
      <p>
        Questions, or anything else about your data? Write to{' '}
        <a href={`mailto:${STORE_CONTACT.email}`} className={textLink}>
          {STORE_CONTACT.email}
        </a>{' '}
        or call <span className="whitespace-nowrap">{STORE_CONTACT.phone}</span>.
      </p>
    </InfoSection>
  );
}
