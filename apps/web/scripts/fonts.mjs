// Cuts the storefront's font files into src/fonts/ at build:
// - Fraunces, the headings' face, at its one weight, 600. A variable file carries every weight's
//   outlines (37 kB for the Latin letters); one weight is half of that, and it is the first
//   thing a phone downloads beside the stylesheet. Each subset fontsource ships becomes
//   fraunces-<subset>.woff2, declared in fraunces.css with fontsource's own unicode ranges.
// - The peso sign (U+20B1) alone, out of each font's latin-ext file. Prices show ₱ on nearly
//   every page; without these the browser downloads the whole latin-ext file (16 kB for
//   Manrope) for that one glyph. index.css declares them after the fonts' own faces, so the
//   browser tries them first for U+20B1.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

const require = createRequire(import.meta.url);
const PESO = '\u20b1';
/** Fraunces' one weight: every heading is semibold. */
const DISPLAY_WEIGHT = 600;
const target = fileURLToPath(new URL('../src/fonts/', import.meta.url));
mkdirSync(target, { recursive: true });

/** A fontsource package's folder. */
const fontsource = (font) => path.dirname(require.resolve(`@fontsource-variable/${font}/package.json`));

/** Writes a file into src/fonts/ and says how big it came out. */
function write(name, bytes, from) {
  writeFileSync(path.join(target, name), bytes);
  console.log(`fonts: ${name} ${from} -> ${bytes.length} bytes`);
}

// Fraunces at one weight, every subset.
const fraunces = fontsource('fraunces');
const faces = [
  ...readFileSync(path.join(fraunces, 'index.css'), 'utf8').matchAll(
    /src: url\(\.\/files\/fraunces-([a-z-]+)-wght-normal\.woff2\)[^;]*;\s*unicode-range: ([^;]+);/g,
  ),
];
if (faces.length === 0) throw new Error('fonts: no Fraunces faces found in fontsource');
const css = [];
for (const [, subset, unicodeRange] of faces) {
  const source = readFileSync(path.join(fraunces, 'files', `fraunces-${subset}-wght-normal.woff2`));
  const instance = await subsetFont(source, null, {
    targetFormat: 'woff2',
    keepAllGlyphs: true,
    variationAxes: { wght: DISPLAY_WEIGHT },
  });
  write(`fraunces-${subset}.woff2`, instance, source.length);
  css.push(
    `@font-face {\n  font-family: "Fraunces";\n  font-style: normal;\n  font-display: swap;\n` +
      `  font-weight: ${DISPLAY_WEIGHT};\n  src: url("./fraunces-${subset}.woff2") format("woff2");\n` +
      `  unicode-range: ${unicodeRange};\n}\n`,
  );
}
writeFileSync(path.join(target, 'fraunces.css'), css.join(''));

// The peso sign of each font: Manrope's variable, Fraunces' at its one weight.
for (const [font, variationAxes] of [
  ['manrope', undefined],
  ['fraunces', { wght: DISPLAY_WEIGHT }],
]) {
  const source = readFileSync(path.join(fontsource(font), 'files', `${font}-latin-ext-wght-normal.woff2`));
  write(
    `${font}-peso.woff2`,
    await subsetFont(source, PESO, { targetFormat: 'woff2', variationAxes }),
    source.length,
  );
}
