import { describe, expect, it } from 'vitest';
import {
  CreateReturnSchema,
  canCancelItem,
  exchangeProblem,
  RETURN_MESSAGES,
  returnDeadline,
  returnRefusal,
} from './returns.ts';

const delivered = {
  status: 'delivered' as const,
  deliveredOn: '2026-12-01',
  hasLiveRequest: false,
  reason: 'wrongSize' as const,
  windowDays: 7,
};

describe('who may ask for a return', () => {
  it('counts the window in calendar days: delivered on the 1st, the 8th is the last day', () => {
    expect(returnDeadline('2026-12-01', 7)).toBe('2026-12-08');
    expect(returnRefusal({ ...delivered, today: '2026-12-08' })).toBeNull();
    expect(returnRefusal({ ...delivered, today: '2026-12-09' })).toBe(
      'Returns are accepted within 7 days of delivery',
    );
    expect(RETURN_MESSAGES.window(1)).toBe('Returns are accepted within 1 day of delivery');
  });

  it('has no window for a defective or wrong item', () => {
    for (const reason of ['defective', 'wrongItem'] as const) {
      expect(returnRefusal({ ...delivered, reason, today: '2027-06-01' })).toBeNull();
    }
    expect(returnRefusal({ ...delivered, reason: 'notAsDescribed', today: '2027-06-01' })).not.toBeNull();
  });

  it('takes delivered items without a live request only', () => {
    expect(returnRefusal({ ...delivered, status: 'toReceive', today: '2026-12-02' })).toBe(
      RETURN_MESSAGES.notDelivered,
    );
    expect(returnRefusal({ ...delivered, hasLiveRequest: true, today: '2026-12-02' })).toBe(
      RETURN_MESSAGES.open,
    );
  });

  it('lets a shopper cancel an item only until it ships', () => {
    expect(canCancelItem('toPay')).toBe(true);
    for (const status of ['toReceive', 'delivered', 'cancelled'] as const)
      expect(canCancelItem(status)).toBe(false);
  });
});

describe('what an exchange may become', () => {
  const tee = { sizes: ['S', 'M', 'L'], variations: [{ name: 'Tee Navy' }, { name: 'Tee Olive' }] };
  const have = { variation: 'Tee Navy', size: 'M' };

  it('another size or variation the product sells', () => {
    expect(exchangeProblem(tee, have, { variation: 'Tee Navy', size: 'L' })).toBeNull();
    expect(exchangeProblem(tee, have, { variation: 'Tee Olive', size: 'M' })).toBeNull();
  });

  it('not a size or variation it does not sell, nor the one the shopper has', () => {
    expect(exchangeProblem(tee, have, { variation: 'Tee Navy', size: 'XL' })).toEqual({
      field: 'size',
      message: 'This product has no size XL',
    });
    expect(exchangeProblem(tee, have, { variation: 'Tee Red', size: 'M' })?.field).toBe('variation');
    expect(exchangeProblem(tee, have, have)?.message).toBe(RETURN_MESSAGES.chooseOther);
  });

  it('needs a size or a variation to exchange to', () => {
    const body = { itemId: '3b241101-e2bb-4255-8caf-4136c566a962', kind: 'exchange', reason: 'wrongSize' };
    expect(CreateReturnSchema.safeParse(body).success).toBe(false);
    expect(CreateReturnSchema.safeParse({ ...body, size: 'L' }).success).toBe(true);
    expect(CreateReturnSchema.safeParse({ ...body, kind: 'return' }).success).toBe(true);
  });
});
