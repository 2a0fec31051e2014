import { describe, expect, it } from 'vitest';
import type { ItemStatus, OrderStatus } from './constants.ts';
import { deriveOrderStatus } from './order-status.ts';

describe('deriveOrderStatus', () => {
  it.each<[ItemStatus[], OrderStatus]>([
    [['cancelled'], 'cancelled'],
    [['cancelled', 'cancelled', 'cancelled'], 'cancelled'],
    [['delivered'], 'completed'],
    [['delivered', 'delivered'], 'completed'],
    [['delivered', 'cancelled'], 'completed'],
    [['cancelled', 'cancelled', 'delivered'], 'completed'],
    [['toPay'], 'pending'],
    [['toReceive'], 'pending'],
    [['toPay', 'toReceive'], 'pending'],
    [['delivered', 'delivered', 'toPay'], 'pending'],
    [['cancelled', 'toReceive'], 'pending'],
    [['delivered', 'cancelled', 'toReceive'], 'pending'],
  ])('derives %j -> %s', (items, status) => {
    expect(deriveOrderStatus(items)).toBe(status);
  });

  it('is pending for an order with no items', () => {
    expect(deriveOrderStatus([])).toBe('pending');
  });

  it('does not depend on the order of the items', () => {
    expect(deriveOrderStatus(['toPay', 'delivered', 'cancelled'])).toBe('pending');
    expect(deriveOrderStatus(['cancelled', 'delivered', 'toPay'])).toBe('pending');
  });
});
