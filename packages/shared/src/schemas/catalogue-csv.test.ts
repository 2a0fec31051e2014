import { describe, expect, it } from 'vitest';
import {
  BarcodeSchema,
  guardCell,
  isValidBarcode,
  SKU_MESSAGES,
  SkuSchema,
  skuBase,
  unguardCell,
  uniqueSku,
} from './catalogue-csv.ts';

describe('barcodes', () => {
  it('takes EAN-13 and UPC-A codes whose check digit is right, and nothing else', () => {
    for (const code of ['4006381333931', '9780306406157', '036000291452', '012345678905'])
      expect(isValidBarcode(code), code).toBe(true);
    for (const code of [
      '4006381333932',
      '036000291453',
      '03600029145',
      '40063813339311',
      '4006381a33931',
      '',
    ])
      expect(isValidBarcode(code), code).toBe(false);
    expect(BarcodeSchema.safeParse(' 4006381333931 ').data).toBe('4006381333931');
    expect(BarcodeSchema.safeParse('4006381333932').error?.issues[0]?.message).toBe(SKU_MESSAGES.barcode);
  });
});

describe('SKUs', () => {
  it('are 1 to 40 letters, digits, dots, dashes or underscores, read in capitals', () => {
    expect(SkuSchema.parse(' polo-navy.m_2 ')).toBe('POLO-NAVY.M_2');
    for (const bad of ['', '-POLO', 'POLO M', 'PIÑA', 'A'.repeat(41), '=1+1'])
      expect(SkuSchema.safeParse(bad).error?.issues[0]?.message, bad).toBe(SKU_MESSAGES.format);
    expect(SkuSchema.safeParse('A'.repeat(40)).success).toBe(true);
  });

  it('are made from the name, the variation and the size, without accents, and numbered when taken', () => {
    expect(skuBase('Piña Barong Tagalog, Long', 'Navy Blue', 'M')).toBe('PINA-BARONG-TAGALOG-NAVYBLUE-M');
    expect(skuBase('Tee', '', '')).toBe('TEE');
    expect(skuBase('🌺', '', 'XL')).toBe('ITEM-XL');
    const long = skuBase('A very long product name indeed', 'Extraordinarily Green', '2XL');
    expect(SkuSchema.safeParse(`${long}.99999`).success).toBe(true);
    const taken = new Set(['TEE-M', 'TEE-M.2']);
    expect(uniqueSku('TEE-M', (sku) => taken.has(sku))).toBe('TEE-M.3');
    expect(uniqueSku('TEE-L', (sku) => taken.has(sku))).toBe('TEE-L');
  });
});

describe('formula cells', () => {
  it('come back as the text they were, one apostrophe taken off what the writer added', () => {
    // What the CSV writer adds before a formula: an apostrophe.
    const written = (text: string) => {
      const guarded = guardCell(text);
      return /^[=+\-@\t\r]/.test(guarded) ? `'${guarded}` : guarded;
    };
    for (const text of ['=cmd|calc', '+1', '-2', '@SUM(A1)', "'=x", "''+y", "'plain", 'plain', ''])
      expect(unguardCell(written(text)), text).toBe(text);
    // A formula typed into the file is kept as text too.
    expect(unguardCell('=HYPERLINK("x")')).toBe('=HYPERLINK("x")');
  });
});
