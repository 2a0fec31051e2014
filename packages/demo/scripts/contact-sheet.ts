// Renders every catalogue variation into one grid PNG, to review the drawings at shop-grid size:
//   npm run contact-sheet -w @habi/demo -- /tmp/sheet.png
import sharp from 'sharp';
import { demoProducts, drawGarment } from '../src/index.ts';

const TILE = 200;
const COLUMNS = 12;

const out = process.argv[2];
if (!out) {
  console.error('Usage: contact-sheet.ts <output.png>');
  process.exit(1);
}

const variations = demoProducts.flatMap((p) => p.variations.map((v) => ({ kind: p.kind, colour: v.colour })));
const tiles = await Promise.all(
  variations.map(async ({ kind, colour }, i) => ({
    input: await sharp(Buffer.from(drawGarment(kind, colour)))
      .resize(TILE, TILE)
      .png()
      .toBuffer(),
    left: (i % COLUMNS) * TILE,
    top: Math.floor(i / COLUMNS) * TILE,
  })),
);
await sharp({
  create: {
    width: COLUMNS * TILE,
    height: Math.ceil(variations.length / COLUMNS) * TILE,
    channels: 3,
    background: '#ffffff',
  },
})
  .composite(tiles)
  .png()
  .toFile(out);
console.log(`${variations.length} variations of ${demoProducts.length} products -> ${out}`);
