import type { AccountKind } from '../../lib/account-security.ts';

/** The account cards drawn as the storefront's (a customer's) or the back office's (an admin's). */
export const LOOKS: Record<AccountKind, { section: string; title: string; lead: string }> = {
  users: {
    section: 'rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-10',
    title: 'text-2xl font-semibold',
    lead: 'mt-2 text-muted',
  },
  admin: {
    section: 'rounded-2xl border border-line bg-white p-5 sm:p-6',
    title: 'font-sans text-base font-bold tracking-normal',
    lead: 'mt-0.5 text-sm text-muted',
  },
};
