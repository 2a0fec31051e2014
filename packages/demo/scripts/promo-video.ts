// Renders the Home page's looping, muted promotional video from the demo catalogue's own drawings,
// so the hero needs no stock footage:
//   npm run promo-video -w @habi/demo
// Columns of product tiles drift up and down on a warm backdrop, alternate columns in opposite
// directions, easing to linger on each tile. Every column travels exactly one cycle of its tiles
// per loop, so the last frame flows into the first. The video has no text: the page sets its own
// headline over it.
// Outputs, committed to the repo so builds need neither sharp nor ffmpeg (in apps/web):
//   public/media/promo.webm (VP9), public/media/promo.mp4 (H.264, faststart), both without audio,
//   public/media/promo-poster.webp (the first frame, painted before the video loads, and all a
//   phone shows until the shopper plays the video), and promo-poster-phone.webp, its middle as a
//   phone's 4:5 hero shows it.
// Needs ffmpeg with libvpx-vp9 and libx264 on the PATH.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp, { type OverlayOptions } from 'sharp';
import { mix } from '../src/colour.ts';
import { demoProducts, drawGarment } from '../src/index.ts';

const WIDTH = 1280;
const HEIGHT = 720;
const FPS = 24;
/** 12 s. */
const FRAMES = 288;
const TILE = 264;
const GAP = 24;
const PITCH = TILE + GAP;
const RADIUS = 22;
/** Room around a card for its blurred shadow. */
const SHADOW_PAD = 40;
/** Where the columns start, so the poster shows whole tiles in the middle of the frame. */
const OFFSET_Y = -60;
/** Drawings are rendered a little larger than the card and centred on it, for calm margins. */
const DRAWING = 276;
const BACKDROP = '#efe9e0';

/** Catalogue variations by name, one list per column, chosen for a calm, mostly earthy palette. */
const COLUMNS = [
  [
    'Men Oxford Button-Down Shirt Sky',
    'Women Structured Tote Bag Camel',
    'Men Straight Jeans Indigo',
    'Men Baseball Cap Khaki',
  ],
  [
    'Women Tie-Waist Sundress Mustard',
    'Men Athletic Sneakers White',
    'Men Fleece Pullover Hoodie Olive',
    'Women Ballet Flats Black',
  ],
  [
    'Women Linen Jumpsuit Terracotta',
    'Women Round Sunglasses Tortoise',
    'Men Crew T-shirt Navy',
    'Women Linen Shorts Sand',
  ],
  [
    'Women Pleated Midi Skirt Sage',
    'Men Chelsea Boots Brown',
    'Women Knit Polo Top Cream',
    'Women Fit-and-Flare Dress Emerald',
  ],
  [
    'Women Satin Bomber Jacket Blush',
    'Men Classic Leather Watch Brown',
    'Women Tailored Trousers Camel',
    'Men Leather Belt Black',
  ],
];
const PER_COLUMN = COLUMNS[0]!.length;
/** One full cycle of a column: it moves this far over the loop. */
const CYCLE = PITCH * PER_COLUMN;
// Taller than the frame plus a tile, so no tile ever shows at the top and the bottom at once.
if (CYCLE < HEIGHT + TILE || COLUMNS.some((c) => c.length !== PER_COLUMN))
  throw new Error('Every column needs the same number of tiles, enough to fill more than the frame');
/** How far the columns vary their pace, in px: they slow as each tile settles, then glide on. */
const EASE = 0.5 * (CYCLE / (2 * Math.PI * PER_COLUMN));

const outDir = fileURLToPath(new URL('../../../apps/web/public/media/', import.meta.url));

function variation(name: string): { svg: string; colour: string } {
  for (const p of demoProducts)
    for (const v of p.variations)
      if (v.name === name) return { svg: drawGarment(p.kind, v.colour), colour: v.colour };
  throw new Error(`No catalogue variation named ${name}`);
}

/** A product tile: the drawing (its own backdrop removed) on a card faintly tinted by its colour. */
async function tile(name: string): Promise<Buffer> {
  const { svg, colour } = variation(name);
  const tone = mix('#f7f3ed', colour, 0.07);
  const card = `<svg xmlns="http://www.w3.org/2000/svg" width="${TILE}" height="${TILE}"><defs><radialGradient id="g" cx="45%" cy="35%" r="80%"><stop offset="0" stop-color="${mix(tone, '#ffffff', 0.5)}"/><stop offset="1" stop-color="${mix(tone, '#5a4632', 0.06)}"/></radialGradient></defs><rect width="${TILE}" height="${TILE}" rx="${RADIUS}" fill="url(#g)"/></svg>`;
  const inset = (DRAWING - TILE) / 2;
  const item = await sharp(Buffer.from(svg.replace('<rect width="800" height="800" fill="url(#bg)"/>', '')))
    .resize(DRAWING, DRAWING)
    .extract({ left: inset, top: inset, width: TILE, height: TILE })
    .png()
    .toBuffer();
  return sharp(Buffer.from(card))
    .composite([{ input: item }])
    .png()
    .toBuffer();
}

/** The soft shadow every card casts on the backdrop, blurred once with sharp. */
async function cardShadow(): Promise<Buffer> {
  const size = TILE + 2 * SHADOW_PAD;
  const shape = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect x="${SHADOW_PAD}" y="${SHADOW_PAD + 10}" width="${TILE}" height="${TILE}" rx="${RADIUS}" fill="#4a3a2a" fill-opacity=".16"/></svg>`;
  return sharp(Buffer.from(shape)).blur(14).png().toBuffer();
}

/** The backdrop: warm off-white, a touch lighter where the studio light falls. */
async function backdrop(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><defs><radialGradient id="b" cx="62%" cy="30%" r="85%"><stop offset="0" stop-color="${mix(BACKDROP, '#ffffff', 0.45)}"/><stop offset="1" stop-color="${mix(BACKDROP, '#6b5640', 0.08)}"/></radialGradient></defs><rect width="${WIDTH}" height="${HEIGHT}" fill="url(#b)"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * A soft vignette over everything, deepest at the left and bottom: the page sets its white headline
 * there, on a dark gradient of its own, and a darker frame keeps that text legible.
 */
async function falloff(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><defs><radialGradient id="l" cx="${WIDTH * 0.68}" cy="${HEIGHT * 0.3}" r="${WIDTH * 0.8}" gradientUnits="userSpaceOnUse"><stop offset=".15" stop-color="#2e241b" stop-opacity="0"/><stop offset=".6" stop-color="#2e241b" stop-opacity=".24"/><stop offset="1" stop-color="#2e241b" stop-opacity=".5"/></radialGradient></defs><rect width="${WIDTH}" height="${HEIGHT}" fill="url(#l)"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * How far the columns have moved by frame `f`: a whole cycle per loop, with a slow-fast rhythm that
 * lingers once per tile (at frame 0, the poster, among others) so the loop breathes. Pace swings
 * between half and one and a half times the mean; both ends of the loop meet at the same position
 * and speed.
 */
function travel(f: number): number {
  const t = f / FRAMES;
  return CYCLE * t - EASE * Math.sin(2 * Math.PI * PER_COLUMN * t);
}

/** Tiles of every column at frame `f`: even columns fall, odd ones rise, staggered by half a tile. */
function layout(f: number): { column: number; row: number; left: number; top: number }[] {
  const left0 = Math.round((WIDTH - (COLUMNS.length * PITCH - GAP)) / 2);
  const placed: ReturnType<typeof layout> = [];
  for (const [column, names] of COLUMNS.entries()) {
    const shift = (column % 2 === 0 ? 1 : -1) * travel(f) + (column % 2) * (PITCH / 2) + OFFSET_Y;
    for (let row = 0; row < names.length; row++) {
      // Wrap into [-TILE, CYCLE - TILE) so a tile leaving one edge re-enters at the other.
      const y = ((((row * PITCH + shift + TILE) % CYCLE) + CYCLE) % CYCLE) - TILE;
      if (y < HEIGHT) placed.push({ column, row, left: left0 + column * PITCH, top: Math.round(y) });
    }
  }
  return placed;
}

const tiles = await Promise.all(COLUMNS.map((names) => Promise.all(names.map(tile))));
const shadow = await cardShadow();
const base = await backdrop();
const light = await falloff();
const webm = path.join(outDir, 'promo.webm');
const mp4 = path.join(outDir, 'promo.mp4');
const poster = path.join(outDir, 'promo-poster.webp');
const phonePoster = path.join(outDir, 'promo-poster-phone.webp');
/** The hero is 4:5 on a phone: the frame's middle, full height. */
const PHONE_WIDTH = (HEIGHT * 4) / 5;
const framesDir = mkdtempSync(path.join(tmpdir(), 'habi-promo-'));

try {
  for (let f = 0; f < FRAMES; f++) {
    const layers: OverlayOptions[] = [];
    const placed = layout(f);
    for (const { left, top } of placed)
      layers.push({ input: shadow, left: left - SHADOW_PAD, top: top - SHADOW_PAD });
    for (const { column, row, left, top } of placed) layers.push({ input: tiles[column]![row]!, left, top });
    layers.push({ input: light });
    await sharp(base)
      .composite(layers)
      .png({ compressionLevel: 1 })
      .toFile(path.join(framesDir, `${String(f).padStart(4, '0')}.png`));
  }

  mkdirSync(outDir, { recursive: true });
  const frames = path.join(framesDir, '%04d.png');
  const input = ['-y', '-loglevel', 'error', '-framerate', String(FPS), '-i', frames];
  // VP9 in two passes at constant quality; the drift is mostly translation, which compresses well.
  const vp9 = ['-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '33', '-pix_fmt', 'yuv420p', '-row-mt', '1'];
  const passlog = path.join(framesDir, 'vp9');
  execFileSync('ffmpeg', [...input, ...vp9, '-pass', '1', '-passlogfile', passlog, '-an', '-f', 'null', '-']);
  execFileSync('ffmpeg', [...input, ...vp9, '-pass', '2', '-passlogfile', passlog, '-an', webm]);
  execFileSync('ffmpeg', [
    ...input,
    ...['-c:v', 'libx264', '-preset', 'veryslow', '-crf', '23', '-tune', 'animation'],
    ...['-pix_fmt', 'yuv420p', '-profile:v', 'high', '-movflags', '+faststart', '-an', mp4],
  ]);
  await sharp(path.join(framesDir, '0000.png')).webp({ quality: 75 }).toFile(poster);
  await sharp(path.join(framesDir, '0000.png'))
    .extract({ left: (WIDTH - PHONE_WIDTH) / 2, top: 0, width: PHONE_WIDTH, height: HEIGHT })
    .webp({ quality: 75 })
    .toFile(phonePoster);
} finally {
  rmSync(framesDir, { recursive: true, force: true });
}

for (const file of [webm, mp4, poster, phonePoster])
  console.log(`${path.relative(process.cwd(), file)}: ${(statSync(file).size / 1024).toFixed(0)} kB`);
