// Writes src/fonts/fallbacks.css: for each storefront font, a face of a system font made to take
// its place until it arrives (size-adjust for the letters' width, ascent, descent and line gap
// overrides for the line box), so text does not move when the web font swaps in. The metrics
// are Capsize's, which match the fontsource files' own (units per em, ascent and descent alike).
// index.css names each "<font> Fallback" right after the font.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createFontStack } from '@capsizecss/core';
import arial from '@capsizecss/metrics/arial';
import fraunces from '@capsizecss/metrics/fraunces';
import manrope from '@capsizecss/metrics/manrope';
import timesNewRoman from '@capsizecss/metrics/timesNewRoman';

/**
 * Each font and the system font standing in for it, by the local names it goes by: Liberation
 * Sans and Liberation Serif, common on Linux, are drawn to Arial's and Times New Roman's metrics.
 */
/** Fraunces at 600 over Fraunces at 400, in average letter width. */
const DISPLAY_WIDTH = 1.034;

/** A font's metrics with its letters `by` times as wide, the whole font's and each subset's. */
const widened = (metrics, by) => ({
  ...metrics,
  xWidthAvg: metrics.xWidthAvg * by,
  subsets: Object.fromEntries(
    Object.entries(metrics.subsets ?? {}).map(([name, subset]) => [
      name,
      { ...subset, xWidthAvg: subset.xWidthAvg * by },
    ]),
  ),
});

const FALLBACKS = [
  {
    font: { ...manrope, familyName: 'Manrope' },
    by: arial,
    local: ['Arial', 'ArialMT', 'Liberation Sans'],
  },
  {
    // Served at 600 alone (scripts/fonts.mjs), whose letters are 3.4 % wider than the regular
    // weight Capsize measured (the same in Chromium for every heading of the store).
    font: { ...widened(fraunces, DISPLAY_WIDTH), familyName: 'Fraunces' },
    by: timesNewRoman,
    local: ['Times New Roman', 'TimesNewRomanPSMT', 'Liberation Serif'],
  },
];

const target = new URL('../src/fonts/', import.meta.url);
mkdirSync(target, { recursive: true });
/** A face as CSS, its properties' names in kebab case. */
const css = (face) =>
  `@font-face {\n${Object.entries(face)
    .map(([name, value]) => `  ${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}: ${value};\n`)
    .join('')}}`;
const faces = FALLBACKS.flatMap(({ font, by, local }) =>
  createFontStack([font, by], { fontFaceFormat: 'styleObject' }).fontFaces.map(({ '@font-face': face }) =>
    css({ ...face, src: local.map((name) => `local("${name}")`).join(', ') }),
  ),
);
writeFileSync(new URL('fallbacks.css', target), `${faces.join('\n')}\n`);
console.log(`fallback-fonts: ${FALLBACKS.map(({ font }) => `${font.familyName} Fallback`).join(', ')}`);
