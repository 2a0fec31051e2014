// Renders every catalogue variation into one grid PNG, to review the drawings at shop-grid size:
//   npx tsx apps/server/src/db/seed/contact-sheet.ts /tmp/sheet.png
import sharp from 'sharp';
import { catalogue } from './catalogue.ts';
import { garmentSvg } from './garments.ts';

const TILE = 200;
const COLUMNS = 12;

const out = process.argv[2];
if (!out) {
  console.error('Usage: contact-sheet.ts <output.png>');
  process.exit(1);
}

const variations = catalogue.flatMap((p) => p.variations.map((v) => ({ kind: p.kind, colour: v.colour })));
const tiles = await Promise.all(
  variations.map(async ({ kind, colour }, i) => ({
    input: await sharp(Buffer.from(garmentSvg(kind, colour)))
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
console.log(`${variations.length} variations of ${catalogue.length} products -> ${out}`);
