import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { drawGarment } from './garments.ts';
import { demoProducts } from './products.ts';

const variations = demoProducts.flatMap((p) =>
  p.variations.map((v) => ({
    name: v.name,
    svg: drawGarment(p.kind, v.colour),
    kind: p.kind,
    colour: v.colour,
  })),
);
const BACKDROP = '<rect width="800" height="800" fill="url(#bg)"/>';
/** Renders at a quarter of the 800 px frame: four times fewer pixels, the same framing. */
const SCALE = 0.25;

describe('the garment drawings', () => {
  it('are the same on every draw, so a second seed reuses the images stored by content', () => {
    for (const { name, svg, kind, colour } of variations) expect(drawGarment(kind, colour), name).toBe(svg);
  });

  it('use no SVG filters, which make every render (and so every seed) several times slower', () => {
    for (const { name, svg } of variations) expect(svg, name).not.toMatch(/<filter|filter=/);
  });

  // One render per variation: a few seconds on an idle machine, more on a busy one.
  it('render every variation with sharp, the item centred with the margins all drawings share', {
    timeout: 60_000,
  }, async () => {
    const boxes = await Promise.all(
      variations.map(async ({ name, svg }) => {
        expect(svg, name).toContain(BACKDROP);
        // Without the backdrop, trimming the transparent edges leaves the item and its shadow.
        const { info } = await sharp(Buffer.from(svg.replace(BACKDROP, '')), { density: 72 * SCALE })
          .trim({ threshold: 10 })
          .toBuffer({ resolveWithObject: true });
        const centreX = (info.width / 2 - (info.trimOffsetLeft ?? 0)) / SCALE;
        const centreY = (info.height / 2 - (info.trimOffsetTop ?? 0)) / SCALE;
        return { name, size: Math.max(info.width, info.height) / SCALE, centreX, centreY };
      }),
    );
    for (const { name, size, centreX, centreY } of boxes) {
      expect(size, name).toBeGreaterThanOrEqual(540);
      expect(size, name).toBeLessThanOrEqual(640);
      expect(Math.abs(centreX - 400), name).toBeLessThanOrEqual(20);
      expect(Math.abs(centreY - 400), name).toBeLessThanOrEqual(20);
    }
  });
});
