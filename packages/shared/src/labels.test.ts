import { describe, expect, it } from 'vitest';
import { camelToLabel, variationLabel } from './labels.ts';

describe('camelToLabel', () => {
  it.each([
    ['toPay', 'To Pay'],
    ['toReceive', 'To Receive'],
    ['delivered', 'Delivered'],
    ['cancelled', 'Cancelled'],
    ['pending', 'Pending'],
    ['fullOutfitItem', 'Full Outfit Item'],
    ['size2Xl', 'Size2 Xl'],
    ['already spaced', 'Already Spaced'],
    ['', ''],
  ])('labels %j as %j', (word, label) => {
    expect(camelToLabel(word)).toBe(label);
  });
});

describe('variationLabel', () => {
  it.each([
    ['Men T-shirt Blue', 'Blue'],
    ['Polo Shirt 2-pack Navy', 'Navy'],
    ['Red', 'Red'],
    ['  Ballet Flats  Black  ', 'Black'],
    ['', ''],
  ])('takes the last word of %j: %j', (name, label) => {
    expect(variationLabel(name)).toBe(label);
  });
});

describe('variationLabel with untidy spacing', () => {
  it('takes the last word however many spaces come before it', () => {
    expect(variationLabel('Men T-shirt   Blue ')).toBe('Blue');
    expect(camelToLabel('toPay  later')).toBe('To Pay Later');
  });
});
