import type { ItemStatus, OrderStatus } from './constants.ts';

/**
 * An order's status follows its items. All cancelled -> cancelled;
 * all delivered or cancelled with at least one delivered -> completed; else pending.
 */
export function deriveOrderStatus(items: readonly ItemStatus[]): OrderStatus {
  if (items.length === 0 || items.some((s) => s === 'toPay' || s === 'toReceive')) return 'pending';
  return items.every((s) => s === 'cancelled') ? 'cancelled' : 'completed';
}
