// Cuts the storefront's two fonts at build, into src/fonts/, to the weights the store draws, and
// writes src/fonts/fonts.css, which declares them (index.css imports it):
// - Fraunces, the headings' face, at its one weight, 600: a variable file carries every weight's
//   outlines (37 kB for the Latin letters); one weight is half of that.
// - Manrope, the text's, from 400 to 700 (regular to bold), not 200 to 800.
// These are the first files a phone downloads beside the stylesheet. Each subset fontsource ships
// becomes <font>-<subset>.woff2, declared with fontsource's own unicode ranges, but for the Latin
// one, which is cut in two: the letters and signs the store's pages draw (CORE) in
// <font>-latin.woff2, preloaded, and the rest of fontsource's Latin range (accented letters, rarer
// signs) in <font>-latin-more.woff2, which a browser fetches only for a page that has one of them.
// Then the peso sign (U+20B1) of each, alone, out of its latin-ext file, declared last so the
// browser tries it first for U+20B1: prices show ₱ on nearly every page, and without it the
// browser downloads the whole latin-ext file (16 kB for Manrope) for that one glyph.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

const require = createRequire(import.meta.url);
const PESO = '\u20b1';
const FONTS = [
  { font: 'fraunces', family: 'Fraunces', min: 600, max: 600 },
  { font: 'manrope', family: 'Manrope', min: 400, max: 700 },
];
/** What the store's own texts and prices draw: ASCII, ©, ·, ×, dashes, quotes, •, …, −. */
const CORE =
  'U+0000-007F,U+00A0,U+00A9,U+00B7,U+00D7,U+2013-2014,U+2018-2019,U+201C-201D,U+2022,U+2026,U+2212';
const target = fileURLToPath(new URL('../src/fonts/', import.meta.url));

/** The code points of a unicode-range ("U+0000-00FF,U+0131"), in order. */
function codePoints(range) {
  return range.split(',').flatMap((part) => {
    const [from, to = from] = part.trim().slice(2).split('-');
    const first = Number.parseInt(from, 16);
    return Array.from({ length: Number.parseInt(to, 16) - first + 1 }, (_, i) => first + i);
  });
}

/** Code points in order as a unicode-range, runs joined. */
function unicodeRange(points) {
  const hex = (point) => point.toString(16).toUpperCase().padStart(4, '0');
  const runs = [];
  for (const point of points) {
    const run = runs.at(-1);
    if (run && point === run[1] + 1) run[1] = point;
    else runs.push([point, point]);
  }
  return runs.map(([a, b]) => (a === b ? `U+${hex(a)}` : `U+${hex(a)}-${hex(b)}`)).join(',');
}

/** A face as CSS: one weight, or a range of a variable font's. */
function face({ family, min, max }, file, range) {
  const weight = min === max ? `${min}` : `${min} ${max}`;
  const format = min === max ? 'woff2' : 'woff2-variations';
  return (
    `@font-face {\n  font-family: "${family}";\n  font-style: normal;\n  font-display: swap;\n` +
    `  font-weight: ${weight};\n  src: url("./${file}") format("${format}");\n` +
    `  unicode-range: ${range};\n}\n`
  );
}

/** Writes a font into src/fonts/, at the weights `font` keeps, and says how big it came out. */
async function cut(font, source, name, text) {
  const wght = font.min === font.max ? font.min : { min: font.min, max: font.max };
  const bytes = await subsetFont(source, text, {
    targetFormat: 'woff2',
    keepAllGlyphs: text === null,
    variationAxes: { wght },
  });
  writeFileSync(path.join(target, name), bytes);
  console.log(`fonts: ${name} ${source.length} -> ${bytes.length} bytes`);
}

mkdirSync(target, { recursive: true });
const core = new Set(codePoints(CORE));
const css = [];
const pesos = [];
for (const font of FONTS) {
  const folder = path.dirname(require.resolve(`@fontsource-variable/${font.font}/package.json`));
  const subsets = [
    ...readFileSync(path.join(folder, 'index.css'), 'utf8').matchAll(
      new RegExp(
        `src: url\\(\\./files/${font.font}-([a-z-]+)-wght-normal\\.woff2\\)[^;]*;\\s*unicode-range: ([^;]+);`,
        'g',
      ),
    ),
  ];
  if (!subsets.some(([, subset]) => subset === 'latin'))
    throw new Error(`fonts: no Latin face for ${font.family} in fontsource's index.css`);
  for (const [, subset, range] of subsets) {
    const source = readFileSync(path.join(folder, 'files', `${font.font}-${subset}-wght-normal.woff2`));
    if (subset === 'latin') {
      const points = codePoints(range);
      for (const [name, part] of [
        ['latin', points.filter((point) => core.has(point))],
        ['latin-more', points.filter((point) => !core.has(point))],
      ]) {
        await cut(font, source, `${font.font}-${name}.woff2`, String.fromCodePoint(...part));
        css.push(face(font, `${font.font}-${name}.woff2`, unicodeRange(part)));
      }
      continue;
    }
    await cut(font, source, `${font.font}-${subset}.woff2`, null);
    css.push(face(font, `${font.font}-${subset}.woff2`, range));
    if (subset === 'latin-ext') {
      await cut(font, source, `${font.font}-peso.woff2`, PESO);
      pesos.push(face(font, `${font.font}-peso.woff2`, 'U+20B1'));
    }
  }
}
writeFileSync(path.join(target, 'fonts.css'), [...css, ...pesos].join(''));
