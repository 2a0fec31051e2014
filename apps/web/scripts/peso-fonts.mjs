// Cuts the peso sign (U+20B1) out of each storefront font's latin-ext file into a font of its
// own, in src/fonts/. Prices show ₱ on nearly every page; without these the browser downloads
// the whole latin-ext file (16 kB for Manrope) for that one glyph. index.css declares them
// after the fonts' own faces, so the browser tries them first for U+20B1. Variable axes are kept.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

const require = createRequire(import.meta.url);
const PESO = '\u20b1';
const FONTS = ['manrope', 'fraunces'];
const target = fileURLToPath(new URL('../src/fonts/', import.meta.url));

mkdirSync(target, { recursive: true });
for (const font of FONTS) {
  const files = path.join(
    path.dirname(require.resolve(`@fontsource-variable/${font}/package.json`)),
    'files',
  );
  const source = readFileSync(path.join(files, `${font}-latin-ext-wght-normal.woff2`));
  const peso = await subsetFont(source, PESO, { targetFormat: 'woff2' });
  writeFileSync(path.join(target, `${font}-peso.woff2`), peso);
  console.log(`peso-fonts: ${font} ${source.length} -> ${peso.length} bytes`);
}
