// Flat-lay product illustrations for the demo catalogue, drawn as SVG so seeding needs no downloads.
// Every drawing shares one studio: a warm neutral backdrop, light from the top left and a soft
// drop shadow, and every tone of a garment is derived from the single colour it is drawn in.
import { luminance, mix, shade, tint } from './colour.ts';

export type GarmentKind =
  | 'tshirt'
  | 'polo'
  | 'polo-pack'
  | 'shirt'
  | 'hoodie'
  | 'jacket'
  | 'dress'
  | 'skirt'
  | 'pants'
  | 'jeans'
  | 'joggers'
  | 'shorts'
  | 'romper'
  | 'tracksuit'
  | 'sneakers'
  | 'flats'
  | 'boots'
  | 'sandals'
  | 'sunglasses'
  | 'cap'
  | 'bag'
  | 'belt'
  | 'watch';

/** Tones of one garment colour, picked so details stay visible on black as well as on white. */
interface Tones {
  base: string;
  /** Lit and shaded ends of the fabric gradient; `lo` also fills cuffs, collars and overlays. */
  hi: string;
  lo: string;
  /** Insides seen through openings (necklines, hoods, shoes). */
  deep: string;
  /** Outlines and seam lines, lighter than the fabric when the fabric is near black. */
  seam: string;
  /** Top-stitching thread. */
  stitch: string;
  /** A contrast trim (sports stripes, piping) that reads on the garment. */
  contrast: string;
  /** Scales fold shadows: pale fabric shows them far more than dark fabric. */
  foldStrength: number;
}

/** Part of an item's silhouette, gathered while drawing so the item can cast its shadow. */
interface Shape {
  d: string;
  /** Filled, or only stroked along the path (handles, wire frames). */
  fill: boolean;
  /** Width of the stroke drawn around or along the path. */
  width: number;
}

/**
 * Drawing state: the tones, extra <defs> a drawing asks for (patterns, per-item gradients) and the
 * silhouette of the item being drawn.
 */
interface Ctx {
  t: Tones;
  defs: Map<string, string>;
  outline: Shape[];
}

type Draw = (c: Ctx) => string;

function tones(colour: string): Tones {
  const l = luminance(colour);
  return {
    base: colour,
    hi: tint(colour, l < 0.05 ? 0.16 : 0.13),
    lo: shade(colour, l > 0.6 ? 0.1 : 0.16),
    deep: shade(colour, l > 0.6 ? 0.22 : 0.34),
    seam: l < 0.06 ? tint(colour, 0.22) : shade(colour, l > 0.6 ? 0.2 : 0.3),
    stitch: l < 0.3 ? tint(colour, 0.42) : shade(colour, 0.3),
    contrast: l < 0.45 ? '#f7f5f0' : shade(colour, 0.55),
    foldStrength: l > 0.5 ? 0.55 : l > 0.25 ? 0.8 : 1,
  };
}

// ---------------------------------------------------------------------------------------------
// Shared painting helpers

const num = (n: number): string => String(Math.round(n * 10) / 10);

/** A garment panel: the lit fabric gradient with a fine seam-coloured outline. */
function fabric(c: Ctx, d: string, fill = 'url(#fab)'): string {
  c.outline.push({ d, fill: true, width: 2 });
  return `<path d="${d}" fill="${fill}" stroke="${c.t.seam}" stroke-width="2" stroke-linejoin="round"/>`;
}

function solid(c: Ctx, d: string, fill: string, extra = ''): string {
  c.outline.push({ d, fill: true, width: 0 });
  return `<path d="${d}" fill="${fill}"${extra}/>`;
}

function seam(c: Ctx, d: string, width = 2.5, opacity = 0.75): string {
  return `<path d="${d}" fill="none" stroke="${c.t.seam}" stroke-width="${width}" stroke-opacity="${opacity}" stroke-linecap="round" stroke-linejoin="round"/>`;
}

function stitch(c: Ctx, d: string, colour = c.t.stitch): string {
  return `<path d="${d}" fill="none" stroke="${colour}" stroke-width="2" stroke-dasharray="7 6" stroke-linecap="round" stroke-opacity=".85"/>`;
}

// Soft light and shade without SVG filters: Gaussian blurs made librsvg render every drawing about
// four times slower, so blurred edges are built from nested bands instead. A blurred shape's alpha
// falls off across its edge like a Gaussian; cutting that profile into small alpha steps gives
// nested outlines, each painted faintly over the last, which to the eye is the same soft edge.

/** Standard normal CDF (Abramowitz & Stegun 7.1.26, error < 1e-7). */
function phi(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const k = 1 / (1 + 0.3275911 * z);
  const erf =
    1 -
    k *
      (0.2548296 + k * (-0.28449674 + k * (1.4214137 + k * (-1.4531521 + k * 1.0614054)))) *
      Math.exp(-z * z);
  return x < 0 ? (1 - erf) / 2 : (1 + erf) / 2;
}

/** The x in [0, hi] where the decreasing `f` equals `y`, by bisection. */
function solveDown(f: (x: number) => number, y: number, hi: number): number {
  let lo = 0;
  for (let i = 0; i < 40; i++) {
    const mid = (lo + hi) / 2;
    if (f(mid) > y) lo = mid;
    else hi = mid;
  }
  return lo;
}

/**
 * Cuts a soft edge into bands: `bounds` (rising from 0 to 1) split its alpha profile, scaled to
 * `total`, into steps; each band covers where the profile exceeds its middle `level` and carries an
 * opacity that, painted "over" the bands before it, adds its step.
 */
function bands(bounds: readonly number[], total: number): { level: number; opacity: number }[] {
  return bounds.slice(1).map((hi, i) => {
    const lo = bounds[i]!;
    return { level: (lo + hi) / 2, opacity: (total * (hi - lo)) / (1 - total * lo) };
  });
}

const evenly = (n: number): number[] => Array.from({ length: n + 1 }, (_, i) => i / n);

const op = (n: number): string => String(Math.round(n * 1000) / 1000);

/**
 * A blurred stroke: nested strokes of the same path, the widest faintest, whose stacked alpha traces
 * the cross-section of the stroke under a Gaussian blur (deviation 14 for wide strokes, 5 for thin:
 * wide strokes blur more, so they read as light rather than stripes).
 */
function glow(d: string, colour: string, width: number, opacity: number): string {
  const blur = width > 14 ? 14 : 5;
  const profile = (x: number) => phi((x + width / 2) / blur) - phi((x - width / 2) / blur);
  const peak = profile(0);
  return bands(evenly(5), opacity * peak)
    .map(({ level, opacity: a }) => {
      const half = solveDown(profile, level * peak, width / 2 + 4 * blur);
      return `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${num(2 * half)}" stroke-opacity="${op(a)}" stroke-linecap="round" stroke-linejoin="round"/>`;
    })
    .join('');
}

/** A soft fabric fold: a blurred shadow stroke, lighter on pale fabric where black would read as dirt. */
function fold(c: Ctx, d: string, width = 12, opacity = 0.16): string {
  return glow(d, '#000', width, opacity * c.t.foldStrength);
}

/** The lit ridge that goes with a fold. */
function shine(d: string, width = 10, opacity = 0.22): string {
  return glow(d, '#fff', width, opacity);
}

/** Knit rib texture at an angle (degrees from vertical), for cuffs, collars and waistbands. */
function ribs(c: Ctx, d: string, angle = 0): string {
  const id = `ribs${Math.round(angle)}`;
  c.defs.set(
    id,
    `<pattern id="${id}" width="9" height="9" patternUnits="userSpaceOnUse" patternTransform="rotate(${angle})"><rect width="3" height="9" fill="#000" fill-opacity=".14"/></pattern>`,
  );
  return `${fabric(c, d, c.t.lo)}<path d="${d}" fill="url(#${id})"/>`;
}

/** A four-hole sew-through button with its own small shadow. */
function button(x: number, y: number, r: number, fill: string, hole = '#000'): string {
  const h = r * 0.32;
  const holes = [
    [x - h, y - h],
    [x + h, y - h],
    [x - h, y + h],
    [x + h, y + h],
  ]
    .map(
      ([hx, hy]) =>
        `<circle cx="${num(hx!)}" cy="${num(hy!)}" r="${num(r * 0.15)}" fill="${hole}" fill-opacity=".35"/>`,
    )
    .join('');
  return `<circle cx="${x}" cy="${y + 1.5}" r="${r}" fill="#000" fill-opacity=".18"/><circle cx="${x}" cy="${y}" r="${r}" fill="${fill}"/><circle cx="${x}" cy="${y}" r="${num(r * 0.72)}" fill="none" stroke="#000" stroke-opacity=".12"/>${holes}`;
}

/** Round metal stud or eyelet. */
function stud(x: number, y: number, r: number, metal = 'url(#metal)'): string {
  return `<circle cx="${x}" cy="${y}" r="${r}" fill="${metal}" stroke="#000" stroke-opacity=".25" stroke-width="1.2"/>`;
}

/** Soft contact shadow on the studio floor under items that stand (shoes, bags). */
function floorShadow(cx: number, cy: number, rx: number, ry: number): string {
  return `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="url(#floor)"/>`;
}

/**
 * Adds to the silhouette what `fabric` and `solid` do not draw: round parts, hardware, stroked
 * handles (`width` > 0 for a shape that is only stroked).
 */
function outline(c: Ctx, d: string, width = 0): void {
  c.outline.push({ d, fill: width === 0, width });
}

function circlePath(cx: number, cy: number, r: number): string {
  return `M${cx - r} ${cy}A${r} ${r} 0 1 0 ${cx + r} ${cy}A${r} ${r} 0 1 0 ${cx - r} ${cy}Z`;
}

function roundRectPath(x: number, y: number, w: number, h: number, r: number): string {
  const arc = (dx: number, dy: number) => `a${r} ${r} 0 0 1 ${dx} ${dy}`;
  return `M${x + r} ${y}h${w - 2 * r}${arc(r, r)}v${h - 2 * r}${arc(-r, r)}h${2 * r - w}${arc(-r, -r)}v${2 * r - h}${arc(r, -r)}Z`;
}

/** The studio's drop shadow in px: light from the top left, so it falls down and to the right. */
const DROP = { dx: 5, dy: 12, blur: 9, opacity: 0.3 };

/**
 * The drop shadow as copies of the silhouette, faintest first: each grown past the edge (outer
 * levels) or slid back towards the item (inner levels, which only show where the shadow sticks out
 * below and right of it), offset by `dx`/`dy` and painted at `opacity`. The outer bands start very
 * faint and grow denser, so the shadow fades out without a visible rim.
 */
const DROP_LAYERS = (() => {
  const outer = evenly(8).map((u) => 0.5 * u * u);
  const inner = evenly(4).map((u) => 0.5 + 0.5 * u);
  const reach = Math.hypot(DROP.dx, DROP.dy);
  const edge = (x: number) => phi(-x / DROP.blur);
  const layers = bands([...outer, ...inner.slice(1)], DROP.opacity).map(({ level, opacity }) => {
    const grow = level < 0.5 ? solveDown(edge, level, 4 * DROP.blur) : 0;
    const back = level > 0.5 ? Math.min(solveDown(edge, 1 - level, 4 * DROP.blur), reach) : 0;
    const k = 1 - back / reach;
    return { grow, dx: DROP.dx * k, dy: DROP.dy * k, opacity };
  });
  // Drops bands fainter than one shade of 8-bit colour.
  return layers.filter(({ opacity }) => opacity > 0.004);
})();

/** One shadow layer: the silhouette grown by `grow` user units in every direction. */
function silhouette(shapes: readonly Shape[], grow: number, opacity: number, transform = ''): string {
  const paths = shapes.map(({ d, fill, width }) => {
    const w = width + 2 * grow;
    return `<path d="${d}"${fill ? '' : ' fill="none"'}${w > 0 ? ` stroke-width="${num(w)}"` : ' stroke="none"'}/>`;
  });
  return `<g opacity="${op(opacity)}"${transform && ` transform="${transform}"`}>${paths.join('')}</g>`;
}

/**
 * Draws an item over its soft drop shadow; `unit` is the size of a screen pixel in the item's
 * units, and `dim` darkens the item itself (a second item set back in the shade).
 */
function shadowed(c: Ctx, draw: () => string, unit = 1, dim = 0): string {
  const enclosing = c.outline;
  c.outline = [];
  const art = draw();
  const shapes = c.outline;
  c.outline = enclosing;
  const layers = DROP_LAYERS.map(({ grow, dx, dy, opacity }) =>
    silhouette(shapes, grow * unit, opacity, dx ? `translate(${num(dx * unit)} ${num(dy * unit)})` : ''),
  ).join('');
  const paint = 'fill="#000" stroke="#000" stroke-linejoin="round" stroke-linecap="round"';
  const shadow = `<g ${paint}>${layers}</g>`;
  return `${shadow}${art}${dim ? `<g ${paint}>${silhouette(shapes, 0, dim)}</g>` : ''}`;
}

/** Points along a quadratic curve, for pleats that must land exactly on a curved hem. */
function quadPoint(
  a: readonly [number, number],
  ctl: readonly [number, number],
  b: readonly [number, number],
  s: number,
): [number, number] {
  const u = 1 - s;
  return [u * u * a[0] + 2 * u * s * ctl[0] + s * s * b[0], u * u * a[1] + 2 * u * s * ctl[1] + s * s * b[1]];
}

/** Alternating lit and shaded pleat panels fanning from a waist line down to a curved hem. */
function pleats(
  waist: readonly [number, number, number],
  hem: readonly [readonly [number, number], readonly [number, number], readonly [number, number]],
  count: number,
): string {
  const [wx0, wx1, wy] = waist;
  let out = '';
  for (let i = 0; i < count; i++) {
    const s0 = i / count;
    const s1 = (i + 1) / count;
    const [h0x, h0y] = quadPoint(hem[0], hem[1], hem[2], s0);
    const [h1x, h1y] = quadPoint(hem[0], hem[1], hem[2], s1);
    const t0 = wx0 + (wx1 - wx0) * s0;
    const t1 = wx0 + (wx1 - wx0) * s1;
    const fill = i % 2 === 0 ? '#fff' : '#000';
    const op = i % 2 === 0 ? 0.09 : 0.1;
    out += `<path d="M${num(t0)} ${wy}L${num(t1)} ${wy}L${num(h1x)} ${num(h1y)}L${num(h0x)} ${num(h0y)}Z" fill="${fill}" fill-opacity="${op}"/>`;
    if (i > 0)
      out += `<path d="M${num(t0)} ${wy}L${num(h0x)} ${num(h0y)}" stroke="#000" stroke-opacity=".12" stroke-width="2"/>`;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Tops

const TEE =
  'M338 168C300 176 270 184 246 196L112 296L178 392L258 342C262 440 258 560 252 652Q400 668 548 652C542 560 538 440 542 342L622 392L688 296L554 196C530 184 500 176 462 168C440 214 360 214 338 168Z';

/** What every short-sleeved top shares: body, armhole seams, hem stitching and resting folds. */
function shortSleeveBase(c: Ctx): string {
  return [
    fabric(c, TEE),
    fold(c, 'M264 352Q300 372 326 366', 10, 0.14),
    fold(c, 'M536 352Q500 372 474 366', 10, 0.14),
    fold(c, 'M300 430Q332 500 312 590', 16, 0.1),
    fold(c, 'M508 400Q476 470 498 560', 16, 0.1),
    shine('M360 300Q352 450 372 620', 28, 0.1),
    shine('M440 260Q452 420 440 600', 18, 0.08),
    seam(c, 'M246 196Q272 270 258 342', 2, 0.55),
    seam(c, 'M554 196Q528 270 542 342', 2, 0.55),
    stitch(c, 'M254 636Q400 652 546 636'),
  ].join('');
}

const tshirt: Draw = (c) =>
  [
    shortSleeveBase(c),
    solid(c, 'M338 168C360 184 440 184 462 168C440 214 360 214 338 168Z', c.t.deep),
    ribs(c, 'M330 164C356 226 444 226 470 164L462 168C440 212 360 212 338 168Z'),
    ribs(c, 'M338 168C360 184 440 184 462 168L456 176C436 190 364 190 344 176Z'),
    stitch(c, 'M327 172C352 234 448 234 473 172'),
    stitch(c, 'M126 286L192 382'),
    stitch(c, 'M674 286L608 382'),
  ].join('');

const polo: Draw = (c) =>
  [
    shortSleeveBase(c),
    solid(c, 'M338 168C360 150 440 150 462 168C440 214 360 214 338 168Z', c.t.deep),
    ribs(c, 'M334 166C360 146 440 146 466 166L460 182C436 166 364 166 340 182Z'),
    // Placket with two buttons, then the collar flaps laid over it.
    fabric(c, 'M382 206L418 206L418 330Q400 338 382 330Z'),
    stitch(c, 'M388 212L388 326'),
    stitch(c, 'M412 212L412 326'),
    button(400, 262, 8, c.t.hi),
    button(400, 300, 8, c.t.hi),
    fabric(c, 'M334 164Q316 214 344 268L400 224Q368 206 350 174Z'),
    fabric(c, 'M466 164Q484 214 456 268L400 224Q432 206 450 174Z'),
    fold(c, 'M348 178Q336 220 352 256', 8, 0.12),
    fold(c, 'M452 178Q464 220 448 256', 8, 0.12),
    stitch(c, 'M330 184Q326 224 346 256'),
    stitch(c, 'M470 184Q474 224 454 256'),
    ribs(c, 'M112 296L178 392L196 379L130 283Z', 56),
    ribs(c, 'M688 296L622 392L604 379L670 283Z', -56),
    // Side vents at the hem.
    seam(c, 'M254 652L256 618', 3),
    seam(c, 'M546 652L544 618', 3),
  ].join('');

/** Two polos of the same colour, the one behind set back and dimmed. */
const poloPack: Draw = (c) =>
  [
    `<g transform="translate(200 40) scale(.7)">${shadowed(c, () => polo(c), 1, 0.05)}</g>`,
    `<g transform="translate(40 180) scale(.7)">${shadowed(c, () => polo(c))}</g>`,
  ].join('');

const LONG_SLEEVE =
  'M342 160C310 170 270 178 240 190C205 300 175 440 152 585L224 602C236 500 252 410 266 332C268 430 266 540 262 646L538 646C534 540 532 430 534 332C548 410 564 500 576 602L648 585C625 440 595 300 560 190C530 178 490 170 458 160Z';

const SHIRT =
  'M342 160C310 170 270 178 240 190C205 300 175 440 152 585L224 602C236 500 252 410 266 332C268 430 266 540 262 650C262 684 298 694 330 688Q400 704 470 688C502 694 538 684 538 650C534 540 532 430 534 332C548 410 564 500 576 602L648 585C625 440 595 300 560 190C530 178 490 170 458 160Z';

function longSleeveFolds(c: Ctx): string {
  return [
    fold(c, 'M226 260Q210 380 196 500', 10, 0.12),
    fold(c, 'M574 260Q590 380 604 500', 10, 0.12),
    fold(c, 'M300 420Q330 500 308 600', 16, 0.1),
    fold(c, 'M508 400Q478 480 500 580', 16, 0.1),
    shine('M360 300Q352 450 372 630', 28, 0.1),
    shine('M196 300Q180 420 172 540', 12, 0.12),
    seam(c, 'M240 190Q268 260 266 332', 2, 0.55),
    seam(c, 'M560 190Q532 260 534 332', 2, 0.55),
  ].join('');
}

const shirt: Draw = (c) =>
  [
    fabric(c, SHIRT),
    longSleeveFolds(c),
    // Cuffs with a button each.
    fabric(c, 'M159 540L232 556L224 602L152 585Z', c.t.lo),
    fabric(c, 'M641 540L568 556L576 602L648 585Z', c.t.lo),
    stitch(c, 'M162 552L228 566'),
    stitch(c, 'M638 552L572 566'),
    seam(c, 'M222 556L232 496', 2, 0.6),
    seam(c, 'M578 556L568 496', 2, 0.6),
    button(200, 582, 6.5, c.t.hi),
    button(600, 582, 6.5, c.t.hi),
    // Chest pocket.
    fabric(c, 'M448 300L512 300L512 368L480 382L448 368Z'),
    stitch(c, 'M448 312L512 312'),
    // Placket and buttons.
    seam(c, 'M386 214L386 694', 2, 0.5),
    seam(c, 'M414 214L414 694', 2, 0.5),
    stitch(c, 'M409 220L409 690'),
    ...[258, 334, 410, 486, 562, 638].map((y) => button(400, y, 7.5, c.t.hi)),
    stitch(c, 'M268 640C272 668 300 676 330 672Q400 688 470 672C500 676 528 668 532 640'),
    // Collar stand, then the two collar points.
    solid(c, 'M342 160C370 146 430 146 458 160C440 186 420 204 400 214C380 204 360 186 342 160Z', c.t.deep),
    fabric(c, 'M340 158C370 140 430 140 460 158L456 172C430 158 370 158 344 172Z', c.t.lo),
    fabric(c, 'M338 160Q326 212 346 270L400 214Q370 196 352 170Z'),
    fabric(c, 'M462 160Q474 212 454 270L400 214Q430 196 448 170Z'),
    stitch(c, 'M334 176Q328 218 344 258'),
    stitch(c, 'M466 176Q472 218 456 258'),
    button(400, 206, 6, c.t.hi),
  ].join('');

/** Hood behind the neck, shared by the hoodie. */
function hood(c: Ctx): string {
  return [
    fabric(c, 'M306 214C286 120 336 62 400 62C464 62 514 120 494 214Z'),
    solid(c, 'M334 214C326 146 356 106 400 106C444 106 474 146 466 214Z', c.t.deep),
    fold(c, 'M340 200C338 150 364 118 400 116', 10, 0.3),
    ribs(
      c,
      'M326 214C316 140 352 96 400 96C448 96 484 140 474 214L462 214C468 150 440 112 400 112C360 112 332 150 338 214Z',
    ),
  ].join('');
}

const hoodie: Draw = (c) =>
  [
    hood(c),
    fabric(c, LONG_SLEEVE),
    longSleeveFolds(c),
    // The hood's two front edges cross at the neck.
    fabric(c, 'M342 164C356 200 376 226 406 246L420 232C390 214 366 190 356 160Z', c.t.lo),
    fabric(c, 'M458 164C444 200 424 226 394 246L380 232C410 214 434 190 444 160Z', c.t.lo),
    stud(382, 238, 5),
    stud(418, 238, 5),
    `<path d="M382 240C380 280 376 310 372 340" fill="none" stroke="${c.t.contrast}" stroke-width="6" stroke-linecap="round"/>`,
    `<path d="M418 240C422 280 428 312 432 336" fill="none" stroke="${c.t.contrast}" stroke-width="6" stroke-linecap="round"/>`,
    `<rect x="366" y="336" width="11" height="22" rx="3" fill="url(#metal)" transform="rotate(8 372 347)"/>`,
    `<rect x="427" y="332" width="11" height="22" rx="3" fill="url(#metal)" transform="rotate(-8 432 343)"/>`,
    // Kangaroo pocket.
    fabric(c, 'M318 456L482 456Q506 520 536 590L264 590Q294 520 318 456Z'),
    fold(c, 'M300 500Q290 540 276 580', 8, 0.2),
    fold(c, 'M500 500Q510 540 524 580', 8, 0.2),
    stitch(c, 'M322 466L478 466'),
    stitch(c, 'M310 470Q288 530 274 584'),
    stitch(c, 'M490 470Q512 530 526 584'),
    ribs(c, 'M262 606L538 606L538 652L262 652Z'),
    ribs(c, 'M156 556L228 572L222 612L150 596Z', 13),
    ribs(c, 'M644 556L572 572L578 612L650 596Z', -13),
  ].join('');

/** A zip jacket; the tracksuit reuses it with sports stripes down the sleeves. */
function zipJacket(c: Ctx, stripes: boolean): string {
  return [
    fabric(c, LONG_SLEEVE),
    longSleeveFolds(c),
    stripes
      ? [
          `<path d="M236 200C202 310 172 450 156 566" fill="none" stroke="${c.t.contrast}" stroke-width="8"/>`,
          `<path d="M250 204C216 314 186 454 172 570" fill="none" stroke="${c.t.contrast}" stroke-width="8"/>`,
          `<path d="M564 200C598 310 628 450 644 566" fill="none" stroke="${c.t.contrast}" stroke-width="8"/>`,
          `<path d="M550 204C584 314 614 454 628 570" fill="none" stroke="${c.t.contrast}" stroke-width="8"/>`,
        ].join('')
      : [
          // Bomber sleeve pocket with its zip.
          fabric(c, 'M190 330L236 340L226 412L180 402Z'),
          `<path d="M194 344L230 352" stroke="url(#metal)" stroke-width="5"/>`,
          stitch(c, 'M194 338L232 346'),
        ].join(''),
    // Welt pockets.
    fabric(c, 'M300 470L318 464L354 560L336 566Z', c.t.lo),
    fabric(c, 'M500 470L482 464L446 560L464 566Z', c.t.lo),
    // Centre zip.
    `<path d="M400 178L400 604" stroke="${c.t.deep}" stroke-width="14"/>`,
    `<path d="M400 178L400 604" stroke="url(#metal)" stroke-width="7" stroke-dasharray="3 3"/>`,
    `<rect x="392" y="206" width="16" height="30" rx="4" fill="url(#metal)" stroke="#000" stroke-opacity=".3"/>`,
    `<rect x="396" y="234" width="8" height="22" rx="3" fill="url(#metal)" stroke="#000" stroke-opacity=".3"/>`,
    stitch(c, 'M390 200L390 600'),
    stitch(c, 'M410 200L410 600'),
    // Rib stand collar, cuffs and hem band.
    ribs(c, 'M338 150C370 136 430 136 462 150L466 196C430 184 370 184 334 196Z'),
    ribs(c, 'M262 600L538 600L540 652L260 652Z'),
    ribs(c, 'M156 556L228 572L222 612L150 596Z', 13),
    ribs(c, 'M644 556L572 572L578 612L650 596Z', -13),
    stripes
      ? ''
      : [
          `<path d="M262 620L538 620M262 630L538 630" stroke="${c.t.contrast}" stroke-opacity=".8" stroke-width="4"/>`,
          `<path d="M154 574L226 590M646 574L574 590" stroke="${c.t.contrast}" stroke-opacity=".8" stroke-width="4"/>`,
        ].join(''),
  ].join('');
}

const jacket: Draw = (c) => zipJacket(c, false);

// ---------------------------------------------------------------------------------------------
// Bottoms

const PANTS =
  'M266 166L534 166C548 300 556 500 548 706L420 710C414 560 408 440 402 350Q400 344 398 350C392 440 386 560 380 710L252 706C244 500 252 300 266 166Z';

function trouserBase(c: Ctx): string {
  return [
    fabric(c, PANTS),
    fold(c, 'M398 356Q370 380 350 378', 8, 0.2),
    fold(c, 'M402 356Q430 380 450 378', 8, 0.2),
    shine('M322 240Q318 460 318 700', 12, 0.16),
    shine('M478 240Q482 460 484 700', 12, 0.12),
    seam(c, 'M400 170L400 346', 2, 0.7),
  ].join('');
}

function beltLoops(c: Ctx, fill: string): string {
  return [290, 352, 448, 510]
    .map((x) => fabric(c, `M${x - 6} 122L${x + 6} 122L${x + 6} 176L${x - 6} 176Z`, fill))
    .join('');
}

const pants: Draw = (c) =>
  [
    trouserBase(c),
    fabric(c, 'M268 126L532 126L534 170L266 170Z', c.t.lo),
    stitch(c, 'M268 136L532 136'),
    beltLoops(c, c.t.base),
    button(400, 148, 9, c.t.deep, '#fff'),
    stitch(c, 'M422 174L422 292Q422 318 401 326'),
    seam(c, 'M274 172L324 266', 2.5),
    seam(c, 'M526 172L476 266', 2.5),
    stitch(c, 'M262 686L376 690'),
    stitch(c, 'M424 690L538 686'),
  ].join('');

const GOLD_THREAD = '#d69a3c';

const jeans: Draw = (c) =>
  [
    trouserBase(c),
    // Worn-in fades and whiskers.
    shine('M318 200Q312 330 322 460', 46, 0.12),
    shine('M482 200Q488 330 478 460', 46, 0.1),
    shine('M378 330L340 318M376 346L336 346M380 362L346 376', 5, 0.3),
    shine('M422 330L460 318M424 346L464 346M420 362L454 376', 5, 0.3),
    fabric(c, 'M268 126L532 126L534 170L266 170Z'),
    stitch(c, 'M268 136L532 136', GOLD_THREAD),
    stitch(c, 'M267 160L533 160', GOLD_THREAD),
    beltLoops(c, c.t.base),
    // Scoop pockets, coin pocket and rivets.
    seam(c, 'M340 170Q332 236 262 246', 2.5),
    seam(c, 'M460 170Q468 236 538 246', 2.5),
    stitch(c, 'M330 172Q322 226 264 234', GOLD_THREAD),
    stitch(c, 'M470 172Q478 226 536 234', GOLD_THREAD),
    fabric(c, 'M474 174L506 174L512 212L480 216Z'),
    stitch(c, 'M476 184L508 184', GOLD_THREAD),
    stud(340, 172, 5, 'url(#copper)'),
    stud(263, 246, 5, 'url(#copper)'),
    stud(460, 172, 5, 'url(#copper)'),
    stud(537, 246, 5, 'url(#copper)'),
    stud(400, 148, 10, 'url(#copper)'),
    stitch(c, 'M420 174L420 290Q420 316 401 326', GOLD_THREAD),
    stitch(c, 'M428 174L428 294Q428 326 402 336', GOLD_THREAD),
    stitch(c, 'M262 688L376 692', GOLD_THREAD),
    stitch(c, 'M424 692L538 688', GOLD_THREAD),
  ].join('');

/** Tapered joggers; the tracksuit reuses them with side stripes. */
function jogPants(c: Ctx, stripes: boolean): string {
  return [
    fabric(
      c,
      'M262 186L538 186C562 300 560 480 528 650L432 654C424 540 412 430 402 360Q400 354 398 360C388 430 376 540 368 654L272 650C240 480 238 300 262 186Z',
    ),
    fold(c, 'M398 366Q372 390 350 388', 8, 0.2),
    fold(c, 'M402 366Q428 390 450 388', 8, 0.2),
    fold(c, 'M290 470Q322 484 350 474', 9, 0.1),
    fold(c, 'M300 590Q330 604 358 596M282 612Q320 628 360 620', 7, 0.18),
    fold(c, 'M510 460Q480 476 450 468', 9, 0.1),
    fold(c, 'M500 590Q470 604 442 596M518 612Q480 628 440 620', 7, 0.18),
    shine('M318 240Q306 420 322 620', 16, 0.14),
    shine('M482 240Q494 420 478 620', 14, 0.1),
    seam(c, 'M400 186L400 356', 2, 0.7),
    stripes
      ? `<path d="M262 196C244 320 246 480 270 640M538 196C556 320 554 480 530 640" fill="none" stroke="${c.t.contrast}" stroke-width="10"/>`
      : [seam(c, 'M272 196Q292 250 304 304', 2.5), seam(c, 'M528 196Q508 250 496 304', 2.5)].join(''),
    ribs(c, 'M262 132L538 132L538 190L262 190Z'),
    // Elastic gathers.
    ...[286, 318, 350, 450, 482, 514].map((x) => fold(c, `M${x} 138L${x + 4} 184`, 4, 0.2)),
    stud(386, 170, 5),
    stud(414, 170, 5),
    `<path d="M386 172C382 210 372 236 364 270M414 172C420 212 430 238 438 268" fill="none" stroke="${c.t.contrast}" stroke-width="6" stroke-linecap="round"/>`,
    ribs(c, 'M272 646L368 650L366 704L276 702Z'),
    ribs(c, 'M528 646L432 650L434 704L524 702Z'),
  ].join('');
}

const joggers: Draw = (c) => jogPants(c, false);

const shorts: Draw = (c) =>
  [
    fabric(
      c,
      'M230 244L570 244C584 380 598 480 612 590L414 604L402 434Q400 428 398 434L386 604L188 590C202 480 216 380 230 244Z',
    ),
    fold(c, 'M398 440Q372 462 348 458', 8, 0.2),
    fold(c, 'M402 440Q428 462 452 458', 8, 0.2),
    shine('M300 280Q290 420 290 560', 22, 0.12),
    shine('M500 280Q510 420 510 560', 18, 0.1),
    fold(c, 'M230 500Q260 512 290 506', 8, 0.08),
    seam(c, 'M400 250L400 430', 2, 0.7),
    seam(c, 'M240 252L290 352', 2.5),
    seam(c, 'M560 252L510 352', 2.5),
    stitch(c, 'M420 252L420 370Q420 396 401 404'),
    // Rolled hems.
    fabric(c, 'M194 550L389 562L386 604L188 590Z', c.t.lo),
    fabric(c, 'M606 550L411 562L414 604L612 590Z', c.t.lo),
    stitch(c, 'M196 560L388 572'),
    stitch(c, 'M604 560L412 572'),
    ribs(c, 'M232 196L568 196L570 248L230 248Z'),
    `<path d="M390 226C384 270 374 296 366 320M410 226C418 270 428 296 436 318" fill="none" stroke="${c.t.contrast}" stroke-width="6" stroke-linecap="round"/>`,
    stud(390, 224, 5),
    stud(410, 224, 5),
  ].join('');

const skirt: Draw = (c) =>
  [
    fabric(c, 'M290 192L510 192C560 330 610 520 640 670Q400 714 160 670C190 520 240 330 290 192Z'),
    pleats(
      [290, 510, 196],
      [
        [160, 670],
        [400, 714],
        [640, 670],
      ],
      12,
    ),
    shine('M330 240Q300 440 270 640', 20, 0.1),
    fabric(c, 'M292 146L508 146L510 196L290 196Z', c.t.lo),
    stitch(c, 'M293 156L507 156'),
    stitch(c, 'M291 186L509 186'),
    button(478, 171, 8, c.t.hi),
  ].join('');

// ---------------------------------------------------------------------------------------------
// Full outfits

const dress: Draw = (c) =>
  [
    // Skirt first so the bodice and waist tie sit on top of it.
    fabric(c, 'M318 372L482 372C540 480 600 600 628 706Q400 746 172 706C200 600 260 480 318 372Z'),
    pleats(
      [318, 482, 380],
      [
        [172, 706],
        [400, 746],
        [628, 706],
      ],
      10,
    ),
    shine('M360 420Q320 560 300 700', 18, 0.1),
    // The back of the dress shows through the V.
    solid(c, 'M342 132Q400 158 458 132L400 226Z', c.t.deep),
    fabric(
      c,
      'M342 132L302 150Q262 166 246 204L276 250Q298 238 312 246C318 300 322 340 322 384L478 384C478 340 482 300 488 246Q502 238 524 250L554 204Q538 166 498 150L458 132Q432 214 400 226Q368 214 342 132Z',
    ),
    fold(c, 'M312 250Q330 300 326 350', 8, 0.16),
    fold(c, 'M488 250Q470 300 474 350', 8, 0.16),
    seam(c, 'M352 240Q360 300 352 376', 2, 0.45),
    seam(c, 'M448 240Q440 300 448 376', 2, 0.45),
    stitch(c, 'M348 136Q372 206 400 214Q428 206 452 136'),
    stitch(c, 'M252 210L280 248'),
    stitch(c, 'M548 210L520 248'),
    // Waist tie with a bow on the side.
    fabric(c, 'M320 370L480 370L482 398L318 398Z', c.t.lo),
    fabric(c, 'M436 384Q410 356 404 374Q402 396 436 384Z', c.t.lo),
    fabric(c, 'M436 384Q468 356 472 376Q470 396 436 384Z', c.t.lo),
    fabric(c, 'M432 390Q420 430 400 468L414 472Q432 434 442 392Z', c.t.lo),
    fabric(c, 'M440 390Q456 432 470 460L484 454Q464 420 448 388Z', c.t.lo),
    `<ellipse cx="437" cy="385" rx="10" ry="9" fill="${c.t.lo}" stroke="${c.t.seam}" stroke-width="2"/>`,
  ].join('');

const romper: Draw = (c) =>
  [
    fabric(
      c,
      'M350 118C320 124 290 130 268 140L212 216L258 254L292 226C298 280 300 330 304 374C298 420 288 500 270 712L390 716L400 476Q400 470 402 476L410 716L530 712C512 500 502 420 496 374C500 330 502 280 508 226L542 254L588 216L532 140C510 130 480 124 450 118L400 200Z',
    ),
    fold(c, 'M400 482Q388 560 392 700', 10, 0.14),
    fold(c, 'M300 560Q330 600 336 700', 12, 0.07),
    fold(c, 'M500 560Q470 600 464 700', 12, 0.07),
    shine('M330 430Q320 560 310 700', 18, 0.12),
    shine('M470 430Q480 560 490 700', 14, 0.1),
    seam(c, 'M268 140Q294 180 292 226', 2, 0.55),
    seam(c, 'M532 140Q506 180 508 226', 2, 0.55),
    stitch(c, 'M220 222L262 252'),
    stitch(c, 'M580 222L538 252'),
    stitch(c, 'M278 700L388 704M412 704L522 700'),
    // Camp collar and button placket.
    solid(c, 'M350 118C380 108 420 108 450 118L400 200Z', c.t.deep),
    fabric(c, 'M350 118L314 130L340 194L400 204Z', c.t.lo),
    fabric(c, 'M450 118L486 130L460 194L400 204Z', c.t.lo),
    stitch(c, 'M322 136L344 186'),
    stitch(c, 'M478 136L456 186'),
    seam(c, 'M400 206L400 364', 2, 0.6),
    ...[240, 292, 340].map((y) => button(400, y, 7, c.t.hi)),
    // Flap chest pockets.
    fabric(c, 'M322 252L374 252L374 310L348 318L322 310Z'),
    fabric(c, 'M320 248L376 248L376 268L320 268Z', c.t.lo),
    fabric(c, 'M426 252L478 252L478 310L452 318L426 310Z'),
    fabric(c, 'M424 248L480 248L480 268L424 268Z', c.t.lo),
    // Tie belt knotted at the front.
    fabric(c, 'M302 362L498 362L496 390L304 390Z', c.t.lo),
    fabric(c, 'M392 384Q378 430 360 470L376 474Q392 436 404 388Z', c.t.lo),
    fabric(c, 'M404 386Q420 430 432 462L448 456Q430 420 414 384Z', c.t.lo),
    `<rect x="386" y="360" width="30" height="32" rx="8" fill="${c.t.lo}" stroke="${c.t.seam}" stroke-width="2"/>`,
  ].join('');

/** Track jacket laid over matching track pants, styled diagonally like a flat-lay outfit. */
const tracksuit: Draw = (c) =>
  [
    `<g transform="translate(139 219) scale(.62)">${shadowed(c, () => jogPants(c, true))}</g>`,
    `<g transform="translate(8 34) scale(.62)">${shadowed(c, () => zipJacket(c, true))}</g>`,
  ].join('');

// ---------------------------------------------------------------------------------------------
// Shoes: sneakers and boots alone in side view, toe to the right; flats and sandals as a pair from above.

/** Sneaker in side view; the sole is always white rubber so any upper colour reads as a sneaker. */
function sneaker(c: Ctx): string {
  const { t } = c;
  // Eyelets along the instep, from the collar towards the toe.
  const eyelets: [number, number][] = [
    [356, 384],
    [398, 404],
    [442, 424],
    [486, 442],
    [530, 458],
  ];
  outline(c, 'M142 404C172 416 210 426 250 420C272 416 286 398 296 380', 10);
  for (const [x, y] of eyelets) outline(c, `M${x} ${y}L${x + 22} ${y - 20}`, 9);
  return [
    // Upper, then the overlays that give it structure.
    fabric(
      c,
      'M122 550C110 500 114 444 140 402C172 414 210 424 250 418C272 414 286 396 296 378L318 352C332 344 346 350 352 362C420 400 520 448 590 470C650 488 690 510 696 548Q400 566 122 550Z',
    ),
    shine('M190 470Q300 440 420 460', 30, 0.12),
    shine('M560 480Q630 492 680 520', 14, 0.3),
    fabric(c, 'M560 552C566 520 588 496 616 480C656 494 690 516 696 548Q630 556 560 552Z', t.lo),
    fabric(
      c,
      'M122 550C110 500 114 444 140 402C164 412 186 418 208 422C222 466 226 510 222 552Q170 552 122 550Z',
      t.lo,
    ),
    fabric(c, 'M352 362C420 400 520 448 590 470L574 492C506 470 420 430 348 394Z', t.lo),
    stitch(c, 'M574 548C580 522 598 502 620 490'),
    stitch(c, 'M212 430C224 470 226 510 222 544'),
    stitch(c, 'M350 400C420 434 500 468 572 488'),
    // Side sweep in a contrast colour.
    solid(
      c,
      'M236 536C320 520 400 484 468 440L486 452C420 504 330 540 250 552Z',
      t.contrast,
      ' fill-opacity=".92"',
    ),
    // Collar lining, heel pull tab and tongue.
    `<path d="M142 404C172 416 210 426 250 420C272 416 286 398 296 380" fill="none" stroke="${t.deep}" stroke-width="10" stroke-linecap="round"/>`,
    fabric(c, 'M138 408C126 386 128 364 140 350L158 354C152 374 154 392 160 412Z', t.deep),
    fabric(c, 'M292 386C298 358 312 338 330 334C346 332 356 342 356 354L348 368Z', t.lo),
    // Laces over eyelets.
    ...eyelets.map(([x, y]) => stud(x, y, 5.5)),
    ...eyelets.map(
      ([x, y]) =>
        `<path d="M${x} ${y}L${x + 22} ${y - 20}" stroke="#f4f1ea" stroke-width="9" stroke-linecap="round"/><path d="M${x} ${y}L${x + 22} ${y - 20}" stroke="#000" stroke-opacity=".14" stroke-width="2"/>`,
    ),
    // White midsole with a darker outsole band and toe spring.
    solid(
      c,
      'M116 548Q400 566 694 544C706 552 706 570 694 580C676 594 640 600 600 600L144 600C118 598 108 576 116 548Z',
      'url(#sole)',
      ' stroke="#c9c4bb" stroke-width="2"',
    ),
    `<path d="M122 566Q400 580 698 562" fill="none" stroke="#000" stroke-opacity=".1" stroke-width="2"/>`,
    solid(
      c,
      'M114 584C124 596 134 600 146 600L600 600C646 600 680 592 698 576L696 588C680 604 646 612 600 612L146 612C128 612 116 600 114 584Z',
      t.deep,
    ),
  ].join('');
}

function boot(c: Ctx): string {
  const { t } = c;
  const sole = shade(t.deep, 0.45);
  return [
    fabric(
      c,
      'M190 600C172 566 172 520 186 470C196 420 196 300 190 222Q280 208 372 214C366 300 378 384 424 430C488 464 586 482 644 506C692 526 708 574 692 600Z',
    ),
    shine('M226 250Q222 400 214 560', 22, 0.16),
    shine('M470 468Q570 486 650 524', 14, 0.24),
    fold(c, 'M376 332Q396 396 440 434', 10, 0.14),
    // Elastic side gusset.
    ribs(c, 'M250 214L330 212Q316 320 292 384Q270 320 250 214Z'),
    stitch(c, 'M242 216Q262 320 292 396Q324 320 340 212'),
    // Pull tab at the back and the welt stitching above the sole.
    fabric(c, 'M190 224L190 172Q210 160 232 170L232 220Z', t.lo),
    `<path d="M200 196Q211 186 222 194" fill="none" stroke="${t.deep}" stroke-width="6" stroke-linecap="round"/>`,
    stitch(c, 'M378 226Q374 330 428 414'),
    stitch(c, 'M186 586L690 586'),
    // Sole with a stacked heel and the arch lifted off the floor.
    solid(
      c,
      'M178 598L694 598C712 602 714 626 694 630L440 630C390 630 350 614 304 614L304 630L184 630Z',
      sole,
    ),
    `<path d="M186 614L302 614M440 614L690 614" stroke="#fff" stroke-opacity=".14" stroke-width="2"/>`,
  ].join('');
}

/** A single shoe standing on its floor shadow. */
function shoeShot(c: Ctx, shoe: Draw, floorY: number): string {
  return floorShadow(408, floorY, 320, 24) + shadowed(c, () => shoe(c));
}

const sneakers: Draw = (c) => shoeShot(c, sneaker, 608);

const boots: Draw = (c) => shoeShot(c, boot, 632);

/** One ballet flat seen from above, toe up; `mirror` gives the left foot. */
function flat(c: Ctx, mirror: boolean): string {
  const { t } = c;
  const body = [
    fabric(
      c,
      'M0 -236C72 -236 98 -160 94 -60C90 40 82 150 62 206C46 240 -40 244 -58 206C-80 150 -88 40 -90 -60C-94 -160 -72 -236 0 -236Z',
    ),
    // Opening shows the padded insole.
    solid(
      c,
      'M0 -96C46 -96 70 -64 70 -10C70 60 64 150 48 192C36 214 -30 216 -44 192C-62 150 -68 60 -68 -10C-68 -64 -46 -96 0 -96Z',
      t.deep,
    ),
    solid(
      c,
      'M0 -82C40 -82 60 -54 60 -6C60 60 54 146 40 184C30 202 -24 204 -36 184C-52 146 -58 60 -58 -6C-58 -54 -40 -82 0 -82Z',
      'url(#insole)',
    ),
    shine('M-20 -210Q-50 -160 -62 -80', 14, 0.28),
    stitch(c, 'M0 -90C42 -90 64 -60 64 -8C64 60 58 150 44 190'),
    // Bow at the vamp.
    fabric(c, 'M0 -104Q-40 -132 -46 -108Q-48 -80 0 -104Z', t.lo),
    fabric(c, 'M0 -104Q40 -132 46 -108Q48 -80 0 -104Z', t.lo),
    `<ellipse cx="0" cy="-104" rx="9" ry="8" fill="${t.lo}" stroke="${t.seam}" stroke-width="2"/>`,
  ].join('');
  return mirror ? `<g transform="scale(-1 1)">${body}</g>` : body;
}

const flats: Draw = (c) =>
  [
    `<g transform="translate(296 412) rotate(-9)">${shadowed(c, () => flat(c, true))}</g>`,
    `<g transform="translate(504 396) rotate(9)">${shadowed(c, () => flat(c, false))}</g>`,
  ].join('');

/** Two-strap sandal from above: a cork-toned footbed under straps in the garment colour. */
function sandal(c: Ctx, mirror: boolean): string {
  const { t } = c;
  const body = [
    solid(
      c,
      'M0 -246C66 -246 92 -170 90 -80C88 20 80 140 64 204C50 248 -46 250 -60 204C-78 140 -86 20 -90 -80C-92 -170 -66 -246 0 -246Z',
      shade(t.base, 0.35),
    ),
    solid(
      c,
      'M0 -236C58 -236 80 -168 78 -80C76 20 70 138 56 198C44 236 -40 238 -52 198C-68 138 -74 20 -78 -80C-80 -168 -58 -236 0 -236Z',
      'url(#cork)',
    ),
    fold(c, 'M0 -200C34 -200 52 -150 52 -80C52 20 46 130 36 180', 10, 0.08),
    fabric(c, 'M-92 -150C-40 -174 40 -174 92 -150L90 -100C40 -122 -40 -122 -90 -100Z'),
    stitch(c, 'M-86 -144C-40 -164 40 -164 86 -144'),
    stitch(c, 'M-84 -110C-40 -128 40 -128 84 -110'),
    fabric(c, 'M-90 -10C-40 -36 40 -36 88 -10L86 44C40 20 -40 20 -86 44Z'),
    stitch(c, 'M-84 -2C-40 -24 40 -24 82 -2'),
    stitch(c, 'M-82 34C-40 12 40 12 80 34'),
    `<rect x="58" y="-14" width="30" height="44" rx="5" fill="none" stroke="url(#gold)" stroke-width="6"/>`,
  ].join('');
  return mirror ? `<g transform="scale(-1 1)">${body}</g>` : body;
}

const sandals: Draw = (c) =>
  [
    `<g transform="translate(304 410) rotate(-8)">${shadowed(c, () => sandal(c, true))}</g>`,
    `<g transform="translate(496 394) rotate(8)">${shadowed(c, () => sandal(c, false))}</g>`,
  ].join('');

// ---------------------------------------------------------------------------------------------
// Accessories

const sunglasses: Draw = (c) => {
  const { t } = c;
  const lens = mix(shade(t.base, 0.55), '#1d1b1a', 0.55);
  c.defs.set(
    'lens',
    `<linearGradient id="lens" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(lens, 0.3)}"/><stop offset=".65" stop-color="${lens}"/><stop offset="1" stop-color="${tint(lens, 0.28)}"/></linearGradient>`,
  );
  const eye = (cx: number) =>
    [
      `<circle cx="${cx}" cy="400" r="118" fill="url(#lens)"/>`,
      `<path d="M${cx - 86} ${400 - 40}A96 96 0 0 1 ${cx - 20} ${400 - 92}" fill="none" stroke="#fff" stroke-opacity=".5" stroke-width="12" stroke-linecap="round"/>`,
      `<ellipse cx="${cx + 52}" cy="${400 + 60}" rx="34" ry="16" fill="#fff" fill-opacity=".12" transform="rotate(-35 ${cx + 52} ${400 + 60})"/>`,
      `<circle cx="${cx}" cy="400" r="124" fill="none" stroke="url(#fab)" stroke-width="16"/>`,
      `<circle cx="${cx}" cy="400" r="131" fill="none" stroke="${t.seam}" stroke-width="2" stroke-opacity=".6"/>`,
      `<circle cx="${cx}" cy="400" r="117" fill="none" stroke="#000" stroke-width="2" stroke-opacity=".35"/>`,
    ].join('');
  for (const cx of [262, 538]) outline(c, circlePath(cx, 400, 132));
  outline(c, 'M150 372L106 350', 14);
  outline(c, 'M650 372L694 350', 14);
  outline(c, 'M374 370Q400 340 426 370', 13);
  return [
    // Temples folded back, seen past the outer hinges.
    `<path d="M150 372L106 350" fill="none" stroke="${t.lo}" stroke-width="14" stroke-linecap="round"/>`,
    `<path d="M650 372L694 350" fill="none" stroke="${t.lo}" stroke-width="14" stroke-linecap="round"/>`,
    eye(262),
    eye(538),
    `<path d="M374 370Q400 340 426 370" fill="none" stroke="url(#fab)" stroke-width="13" stroke-linecap="round"/>`,
    `<path d="M374 370Q400 340 426 370" fill="none" stroke="#fff" stroke-opacity=".3" stroke-width="3" transform="translate(0 -3)"/>`,
    `<ellipse cx="380" cy="420" rx="7" ry="12" fill="#fff" fill-opacity=".55" stroke="#000" stroke-opacity=".15"/>`,
    `<ellipse cx="420" cy="420" rx="7" ry="12" fill="#fff" fill-opacity=".55" stroke="#000" stroke-opacity=".15"/>`,
    stud(140, 372, 7),
    stud(660, 372, 7),
  ].join('');
};

const cap: Draw = (c) => {
  const { t } = c;
  return [
    // Crown, then the brim's thickness and its top surface over the crown's front edge.
    fabric(
      c,
      'M150 500C136 330 250 208 404 206C556 204 650 310 660 470C600 494 500 506 400 508C300 510 220 508 150 500Z',
    ),
    shine('M240 320Q290 250 390 232', 30, 0.2),
    fold(c, 'M590 300Q636 380 640 460', 22, 0.12),
    // Panel seams from the top button, with eyelets.
    seam(c, 'M398 208C330 262 298 380 304 506', 2.5),
    seam(c, 'M410 208C490 262 528 370 530 496', 2.5),
    seam(c, 'M394 208C280 236 196 330 172 492', 2, 0.5),
    stitch(c, 'M388 220C326 276 292 384 292 504'),
    stitch(c, 'M420 220C494 276 522 376 520 498'),
    `<circle cx="316" cy="272" r="6.5" fill="${t.deep}"/><circle cx="498" cy="272" r="6.5" fill="${t.deep}"/><circle cx="232" cy="332" r="6.5" fill="${t.deep}"/>`,
    `<ellipse cx="404" cy="208" rx="22" ry="10" fill="${t.lo}" stroke="${t.seam}" stroke-width="2"/>`,
    // Back strap opening with its metal slide.
    solid(c, 'M158 502C164 452 200 430 236 440C250 458 254 480 254 506Z', t.deep),
    fabric(c, 'M160 488L252 480L254 504L156 506Z', t.lo),
    `<rect x="196" y="478" width="24" height="30" rx="3" fill="none" stroke="url(#metal)" stroke-width="5"/>`,
    solid(c, 'M456 500C550 470 690 462 764 500C764 514 748 532 700 542C620 554 530 542 460 508Z', t.deep),
    fabric(c, 'M452 494C540 444 690 434 764 486C752 524 666 554 566 546C514 542 476 524 452 494Z', t.lo),
    stitch(c, 'M486 492C560 458 676 452 738 488'),
    stitch(c, 'M500 506C572 476 670 472 726 500'),
    shine('M520 480Q630 452 730 478', 10, 0.3),
  ].join('');
};

function handbag(c: Ctx): string {
  const { t } = c;
  outline(c, 'M340 326C340 156 508 156 508 326', 26);
  outline(c, 'M300 336C300 158 500 158 500 336', 26);
  return [
    // Back handle, body with side gusset, front handle.
    `<path d="M316 336C316 166 484 166 484 336" fill="none" stroke="${t.deep}" stroke-width="26" stroke-linecap="round" transform="translate(24 -10)"/>`,
    fabric(c, 'M600 330L640 350L664 676Q664 694 646 696L626 698Z', t.lo),
    fabric(c, 'M210 330L600 330L626 680Q628 700 606 700L194 700Q172 700 174 680Z'),
    shine('M250 360Q236 520 224 670', 26, 0.14),
    fabric(c, 'M206 330L604 330L610 414Q400 446 198 414Z', t.lo),
    stitch(c, 'M214 340L598 340'),
    stitch(c, 'M206 404Q400 434 604 404'),
    stitch(c, 'M216 350L190 686'),
    stitch(c, 'M592 350L612 686'),
    `<path d="M300 336C300 158 500 158 500 336" fill="none" stroke="${t.lo}" stroke-width="26" stroke-linecap="round"/>`,
    `<path d="M300 336C300 158 500 158 500 336" fill="none" stroke="${t.stitch}" stroke-width="2" stroke-dasharray="7 6"/>`,
    `<path d="M306 320C308 196 400 176 452 196" fill="none" stroke="#fff" stroke-opacity=".25" stroke-width="6" stroke-linecap="round"/>`,
    // Gold hardware: handle rings and turn lock.
    `<rect x="286" y="318" width="28" height="30" rx="8" fill="none" stroke="url(#gold)" stroke-width="7"/>`,
    `<rect x="486" y="318" width="28" height="30" rx="8" fill="none" stroke="url(#gold)" stroke-width="7"/>`,
    `<rect x="372" y="408" width="56" height="44" rx="10" fill="url(#gold)" stroke="#000" stroke-opacity=".25"/>`,
    `<rect x="386" y="418" width="28" height="24" rx="6" fill="none" stroke="#7a5a1a" stroke-opacity=".6" stroke-width="3"/>`,
  ].join('');
}

const bag: Draw = (c) => floorShadow(410, 690, 280, 22) + shadowed(c, () => handbag(c));

/** The belt's loop: half axes, top of the back wall, height of the leather. */
const BELT = { rx: 250, ry: 120, cy: 336, h: 86 };

/** A belt coiled on its side: back of the loop, front of the loop, then buckle and tail. */
function coil(c: Ctx): string {
  const { t } = c;
  const { rx, ry, cy, h } = BELT;
  // The buckle frame, stroke included.
  outline(c, roundRectPath(329, cy + ry - 23, 118, h + 50, 23));
  return [
    // Inside of the back wall (suede underside).
    solid(
      c,
      `M${400 - rx} ${cy}A${rx} ${ry} 0 0 1 ${400 + rx} ${cy}L${400 + rx} ${cy + h}A${rx} ${ry} 0 0 0 ${400 - rx} ${cy + h}Z`,
      mix(t.lo, '#b59f86', 0.35),
    ),
    fold(
      c,
      `M${400 - rx} ${cy + h}C${400 - rx} ${cy + h - ry * 1.33} ${400 + rx} ${cy + h - ry * 1.33} ${400 + rx} ${cy + h}`,
      14,
      0.15,
    ),
    // Front wall, lit along its top edge.
    fabric(
      c,
      `M${400 - rx} ${cy}A${rx} ${ry} 0 0 0 ${400 + rx} ${cy}L${400 + rx} ${cy + h}A${rx} ${ry} 0 0 1 ${400 - rx} ${cy + h}Z`,
    ),
    `<path d="M${400 - rx + 6} ${cy + 12}A${rx - 6} ${ry} 0 0 0 ${400 + rx - 6} ${cy + 12}" fill="none" stroke="${t.stitch}" stroke-width="2" stroke-dasharray="7 6"/>`,
    `<path d="M${400 - rx + 6} ${cy + h - 12}A${rx - 6} ${ry} 0 0 0 ${400 + rx - 6} ${cy + h - 12}" fill="none" stroke="${t.stitch}" stroke-width="2" stroke-dasharray="7 6"/>`,
    shine(
      `M${400 - rx + 30} ${cy + 30}Q${400 - rx + 54} ${cy + ry + 14} ${400 + 60} ${cy + ry + 24}`,
      16,
      0.22,
    ),
    // Tail passing through the buckle and lying along the front of the loop.
    fabric(
      c,
      `M400 ${cy + ry - 4}Q520 ${cy + ry - 22} 604 ${cy + ry - 82}L640 ${cy + ry - 40}L620 ${cy + ry - 4}Q520 ${cy + ry + 66} 400 ${cy + ry + h + 4}Z`,
      t.lo,
    ),
    ...[0, 1, 2, 3].map(
      (i) => `<ellipse cx="${478 + i * 38}" cy="${cy + ry + 28 - i * 20}" rx="5" ry="6" fill="${t.deep}"/>`,
    ),
    // Buckle and its prong.
    `<rect x="336" y="${cy + ry - 16}" width="104" height="${h + 36}" rx="16" fill="none" stroke="url(#metal)" stroke-width="14"/>`,
    `<rect x="336" y="${cy + ry - 16}" width="104" height="${h + 36}" rx="16" fill="none" stroke="#000" stroke-opacity=".2" stroke-width="1.5"/>`,
    `<path d="M340 ${cy + ry + h / 2 + 2}L420 ${cy + ry + h / 2 + 2}" stroke="url(#metal)" stroke-width="7" stroke-linecap="round"/>`,
  ].join('');
}

const belt: Draw = (c) =>
  floorShadow(400, BELT.cy + BELT.h + BELT.ry - 4, 290, 40) + shadowed(c, () => coil(c));

const watch: Draw = (c) => {
  const { t } = c;
  const ticks = Array.from({ length: 12 }, (_, i) => {
    const a = (i * Math.PI) / 6;
    const long = i % 3 === 0;
    const r0 = long ? 88 : 96;
    return `<path d="M${num(400 + Math.sin(a) * r0)} ${num(400 - Math.cos(a) * r0)}L${num(400 + Math.sin(a) * 110)} ${num(400 - Math.cos(a) * 110)}" stroke="#3a3632" stroke-width="${long ? 7 : 4}" stroke-linecap="round"/>`;
  }).join('');
  outline(c, circlePath(400, 400, 149));
  outline(
    c,
    'M346 292L352 248L448 248L454 292ZM346 508L352 552L448 552L454 508ZM536 384L562 384L562 416L536 416Z',
  );
  return [
    // Straps with stitching, holes and keeper.
    fabric(c, 'M340 290L336 96Q336 80 352 80L448 80Q464 80 464 96L460 290Z'),
    fabric(c, 'M340 510L336 704Q336 720 352 720L448 720Q464 720 464 704L460 510Z'),
    stitch(c, 'M350 280L347 94L453 94L450 280'),
    stitch(c, 'M350 520L347 706L453 706L450 520'),
    ...[600, 636, 672].map((y) => `<ellipse cx="400" cy="${y}" rx="6" ry="7" fill="${t.deep}"/>`),
    fabric(c, 'M332 560L468 560L468 586L332 586Z', t.lo),
    // Lugs, crown and case.
    `<path d="M346 292L352 248L448 248L454 292ZM346 508L352 552L448 552L454 508Z" fill="url(#metal)" stroke="#000" stroke-opacity=".2"/>`,
    `<rect x="536" y="384" width="26" height="32" rx="6" fill="url(#metal)" stroke="#000" stroke-opacity=".25"/>`,
    `<circle cx="400" cy="400" r="148" fill="url(#metal)" stroke="#000" stroke-opacity=".25" stroke-width="2"/>`,
    `<circle cx="400" cy="400" r="130" fill="#f6f3ec" stroke="#000" stroke-opacity=".2" stroke-width="3"/>`,
    `<circle cx="400" cy="400" r="122" fill="none" stroke="${t.base}" stroke-opacity=".35" stroke-width="2"/>`,
    ticks,
    // Hands at ten past ten, second hand in the strap colour.
    `<path d="M400 400L334 352" stroke="#2d2a27" stroke-width="9" stroke-linecap="round"/>`,
    `<path d="M400 400L486 338" stroke="#2d2a27" stroke-width="6" stroke-linecap="round"/>`,
    `<path d="M412 424L374 330" stroke="${t.deep}" stroke-width="3" stroke-linecap="round"/>`,
    `<circle cx="400" cy="400" r="9" fill="#2d2a27"/><circle cx="400" cy="400" r="3.5" fill="url(#metal)"/>`,
    // Glass glare.
    `<path d="M300 330A128 128 0 0 1 440 276L420 330A80 80 0 0 0 330 360Z" fill="#fff" fill-opacity=".35"/>`,
  ].join('');
};

type Box = readonly [x: number, y: number, width: number, height: number];

/**
 * Every drawing with the extent of its art (shadows aside) in its own coordinates, so the studio
 * can frame all items alike. Boxes were measured from renders; the framing test flags stale ones.
 */
const garments: Record<GarmentKind, { draw: Draw; box: Box }> = {
  tshirt: { draw: tshirt, box: [111, 163, 578, 498] },
  polo: { draw: polo, box: [111, 150, 578, 511] },
  'polo-pack': { draw: poloPack, box: [117, 145, 566, 498] },
  shirt: { draw: shirt, box: [151, 143, 498, 554] },
  hoodie: { draw: hoodie, box: [149, 61, 502, 599] },
  jacket: { draw: jacket, box: [149, 138, 502, 522] },
  dress: { draw: dress, box: [171, 131, 458, 596] },
  skirt: { draw: skirt, box: [159, 145, 482, 548] },
  pants: { draw: pants, box: [247, 121, 306, 592] },
  jeans: { draw: jeans, box: [247, 121, 306, 592] },
  joggers: { draw: joggers, box: [244, 130, 312, 575] },
  shorts: { draw: shorts, box: [187, 195, 426, 410] },
  romper: { draw: romper, box: [211, 110, 378, 613] },
  tracksuit: { draw: tracksuit, box: [100, 119, 384, 538] },
  sneakers: { draw: sneakers, box: [92, 332, 632, 300] },
  flats: { draw: flats, box: [184, 160, 432, 485] },
  boots: { draw: boots, box: [92, 164, 632, 492] },
  sandals: { draw: sandals, box: [191, 149, 418, 498] },
  sunglasses: { draw: sunglasses, box: [99, 268, 602, 264] },
  cap: { draw: cap, box: [147, 195, 618, 354] },
  bag: { draw: bag, box: [135, 185, 550, 527] },
  belt: { draw: belt, box: [115, 216, 570, 361] },
  watch: { draw: watch, box: [251, 79, 312, 642] },
};

// ---------------------------------------------------------------------------------------------
// The studio

/** Kinds that arrange their own shadows (pairs, sets, floor shadows) rather than one drop shadow. */
const SELF_SHADOWED = new Set<GarmentKind>([
  'polo-pack',
  'tracksuit',
  'sneakers',
  'boots',
  'flats',
  'sandals',
  'bag',
  'belt',
]);

/** The longer side of every item's art in the 800 px frame, so all share the same margins. */
const ART_SIZE = 590;
/** Small items (shorts) are not blown up past this, or their stitching would look oversized. */
const MAX_ZOOM = 1.25;

/** Draws `kind` scaled and centred in the frame, over its drop shadow unless it casts its own. */
function frame(c: Ctx, kind: GarmentKind): string {
  const { draw, box } = garments[kind];
  const [x, y, w, h] = box;
  const s = Math.round(Math.min(ART_SIZE / Math.max(w, h), MAX_ZOOM) * 1000) / 1000;
  // Centred a little up and left, since the drop shadow falls down and to the right.
  const tx = 397 - s * (x + w / 2);
  const ty = 394 - s * (y + h / 2);
  const art = SELF_SHADOWED.has(kind) ? draw(c) : shadowed(c, () => draw(c), 1 / s);
  return `<g transform="translate(${num(tx)} ${num(ty)}) scale(${s})">${art}</g>`;
}

function studioDefs(t: Tones): string {
  return [
    `<radialGradient id="bg" cx="50%" cy="40%" r="75%"><stop offset="0" stop-color="#fbf9f6"/><stop offset="1" stop-color="#e9e4dc"/></radialGradient>`,
    `<linearGradient id="fab" gradientUnits="userSpaceOnUse" x1="170" y1="110" x2="630" y2="710"><stop offset="0" stop-color="${t.hi}"/><stop offset=".5" stop-color="${t.base}"/><stop offset="1" stop-color="${t.lo}"/></linearGradient>`,
    `<linearGradient id="metal" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fafafa"/><stop offset=".45" stop-color="#b8bcc1"/><stop offset=".6" stop-color="#eceef0"/><stop offset="1" stop-color="#8b9096"/></linearGradient>`,
    `<linearGradient id="gold" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fbeab0"/><stop offset=".45" stop-color="#c99f48"/><stop offset=".6" stop-color="#f3dc90"/><stop offset="1" stop-color="#9c7429"/></linearGradient>`,
    `<linearGradient id="copper" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f2c9a0"/><stop offset=".5" stop-color="#b87333"/><stop offset="1" stop-color="#7a4a22"/></linearGradient>`,
    `<linearGradient id="sole" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#e4e0d8"/></linearGradient>`,
    `<linearGradient id="insole" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#efe4d6"/><stop offset="1" stop-color="#dccbb6"/></linearGradient>`,
    `<linearGradient id="cork" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e2c7a2"/><stop offset="1" stop-color="#c9a77c"/></linearGradient>`,
    `<radialGradient id="floor"><stop offset="0" stop-color="#3b3026" stop-opacity=".35"/><stop offset="1" stop-color="#3b3026" stop-opacity="0"/></radialGradient>`,
  ].join('');
}

/** A square 800x800 product shot of `kind` in `colour` ('#rrggbb'); the same input gives the same SVG. */
export function drawGarment(kind: GarmentKind, colour: string): string {
  const c: Ctx = { t: tones(colour), defs: new Map(), outline: [] };
  const art = frame(c, kind);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800"><defs>${studioDefs(c.t)}${[...c.defs.values()].join('')}</defs><rect width="800" height="800" fill="url(#bg)"/>${art}</svg>`;
}
