import type { ItemStatus } from '@habi/shared';
import { paths } from '../../../lib/paths.ts';

/** Tabs of the customer area: index lists every order, the others one item stage. */
export const ACCOUNT_TABS = [
  { label: 'All Orders', to: paths.userTab.all, status: null },
  { label: 'To Pay', to: paths.userTab.toPay, status: 'toPay' },
  { label: 'To Receive', to: paths.userTab.toReceive, status: 'toReceive' },
  { label: 'Delivered', to: paths.userTab.delivered, status: 'delivered' },
  { label: 'Cancelled', to: paths.userTab.cancelled, status: 'cancelled' },
] as const satisfies readonly { label: string; to: string; status: ItemStatus | null }[];

export type AccountTab = (typeof ACCOUNT_TABS)[number];

/** The tab a URL shows: '/user/to-pay_products' -> To Pay; '/user' (or anything else) -> All Orders. */
export function tabFromPath(pathname: string): AccountTab {
  const path = pathname.replace(/\/+$/, '') || '/';
  return ACCOUNT_TABS.find((tab) => tab.to === path) ?? ACCOUNT_TABS[0];
}
