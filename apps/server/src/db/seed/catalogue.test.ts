import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { catalogue, type SeedCategory, type SeedSubCategory, seedColours } from './catalogue.ts';
import { type GarmentKind, garmentKinds, garmentSvg } from './garments.ts';

const CATEGORIES: SeedCategory[] = ['Men', 'Women', 'Kids'];
const SUB_CATEGORIES: SeedSubCategory[] = ['Tops', 'Bottoms', 'Full Outfit', 'Shoes', 'Accessories'];
const HEX = /^#[0-9a-f]{6}$/;

const lastWord = (name: string) => name.split(' ').at(-1)!;

async function renderWebp(svg: string) {
  const webp = await sharp(Buffer.from(svg)).resize(400, 400).webp().toBuffer();
  return sharp(webp).metadata();
}

describe('seed catalogue', () => {
  it('has at least 44 products with unique names', () => {
    expect(catalogue.length).toBeGreaterThanOrEqual(44);
    expect(new Set(catalogue.map((p) => p.name)).size).toBe(catalogue.length);
  });

  it('covers every category and subcategory pair at least twice', () => {
    for (const category of CATEGORIES)
      for (const subCategory of SUB_CATEGORIES) {
        const count = catalogue.filter(
          (p) => p.category === category && p.subCategory === subCategory,
        ).length;
        expect(count, `${category} / ${subCategory}`).toBeGreaterThanOrEqual(2);
      }
  });

  it('names variations as the base name plus one distinct colour word matching its hex', () => {
    for (const p of catalogue) {
      expect(p.variations.length, p.name).toBeGreaterThanOrEqual(1);
      expect(p.variations.length, p.name).toBeLessThanOrEqual(4);
      expect(p.name).toBe(p.variations[0]!.name);
      const base = p.name.slice(0, p.name.lastIndexOf(' '));
      const words = p.variations.map((v) => lastWord(v.name));
      expect(new Set(words).size, p.name).toBe(words.length);
      for (const v of p.variations) {
        const word = lastWord(v.name);
        expect(v.name).toBe(`${base} ${word}`);
        expect(v.colour).toMatch(HEX);
        expect(seedColours[word as keyof typeof seedColours], v.name).toBe(v.colour);
      }
    }
  });

  it('has realistic prices and product copy', () => {
    for (const p of catalogue) {
      expect(p.price, p.name).toMatch(/^\d+\.\d{2}$/);
      expect(Number(p.price), p.name).toBeGreaterThanOrEqual(199);
      expect(Number(p.price), p.name).toBeLessThanOrEqual(4999);
      expect(p.description.length, p.name).toBeGreaterThanOrEqual(20);
      expect(p.description.length, p.name).toBeLessThanOrEqual(400);
      const sentences = p.description.split(/[.!?](?:\s|$)/).filter((s) => s.trim()).length;
      expect(sentences, p.name).toBeGreaterThanOrEqual(1);
      expect(sentences, p.name).toBeLessThanOrEqual(3);
    }
  });

  it('uses the size preset that fits the subcategory', () => {
    for (const p of catalogue) {
      const expected =
        p.subCategory === 'Shoes' ? 'Sneakers' : p.subCategory === 'Accessories' ? 'N/A' : 'Clothes';
      expect(p.sizes, p.name).toBe(expected);
    }
  });

  it('marks exactly the five curated Best Collections products, in order', () => {
    const best = catalogue.filter((p) => p.bestCollection);
    expect(best.map((p) => p.kind)).toEqual(['polo-pack', 'joggers', 'sneakers', 'sunglasses', 'flats']);
    for (const p of best) expect(['699.00', '799.00']).toContain(p.price);
  });
});

describe('garment illustrations', () => {
  it('are deterministic, self-contained SVGs', () => {
    for (const kind of garmentKinds) {
      const svg = garmentSvg(kind, '#1f2a44');
      expect(svg).toBe(garmentSvg(kind, '#1f2a44'));
      expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 800 800"/);
      expect(svg).not.toContain('<script');
      expect(svg).not.toContain('<foreignObject');
      expect(svg).not.toContain('<text');
      expect(svg).not.toContain('href="http');
    }
  });

  it('use no SVG filters, which make every render several times slower', () => {
    const drawings = [
      ...garmentKinds.map((kind) => garmentSvg(kind, '#1f2a44')),
      ...catalogue.flatMap((p) => p.variations.map((v) => garmentSvg(p.kind, v.colour))),
    ];
    for (const svg of drawings) {
      expect(svg).not.toContain('<filter');
      expect(svg).not.toContain('filter=');
    }
  });

  it('exist for every kind the catalogue uses', () => {
    for (const p of catalogue) expect(garmentKinds).toContain(p.kind);
  });

  it.each(garmentKinds)('renders %s to WebP in dark and light colours', async (kind: GarmentKind) => {
    for (const colour of ['#1c1c1e', '#f4f2ed', '#c0392b']) {
      const meta = await renderWebp(garmentSvg(kind, colour));
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(400);
    }
  });

  it.each(garmentKinds)('frames %s centred with the shared margins', async (kind: GarmentKind) => {
    // Without the backdrop, trimming the transparent edges leaves the item and its shadow.
    const svg = garmentSvg(kind, '#1f2a44').replace('<rect width="800" height="800" fill="url(#bg)"/>', '');
    const { info } = await sharp(Buffer.from(svg))
      .trim({ threshold: 10 })
      .toBuffer({ resolveWithObject: true });
    const left = -(info.trimOffsetLeft ?? 0);
    const top = -(info.trimOffsetTop ?? 0);
    expect(Math.max(info.width, info.height)).toBeGreaterThanOrEqual(540);
    expect(Math.max(info.width, info.height)).toBeLessThanOrEqual(640);
    expect(Math.abs(left + info.width / 2 - 400)).toBeLessThanOrEqual(20);
    expect(Math.abs(top + info.height / 2 - 400)).toBeLessThanOrEqual(20);
  });

  it('renders every catalogue variation to WebP', { timeout: 120_000 }, async () => {
    const variations = catalogue.flatMap((p) => p.variations.map((v) => ({ kind: p.kind, v })));
    const metas = await Promise.all(variations.map(({ kind, v }) => renderWebp(garmentSvg(kind, v.colour))));
    for (const meta of metas) expect(meta.width).toBe(400);
  });
});
