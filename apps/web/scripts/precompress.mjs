// Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build, so the server
// sends them as they are (by the request's Accept-Encoding) instead of compressing each time.
// A copy that would not be smaller is not written.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = new Set(['.js', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.webmanifest', '.map']);
/** Below this a compressed copy saves less than the headers it needs. */
const MIN_BYTES = 1024;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) {
      // The build's manifest is read by the server's tooling, never sent.
      if (name !== '.vite') yield* files(file);
    } else if (TEXT.has(path.extname(name))) {
      yield file;
    }
  }
}

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
let written = 0;
let before = 0;
let after = 0;
for (const file of files(dist)) {
  const bytes = readFileSync(file);
  if (bytes.length < MIN_BYTES) continue;
  const br = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  const gz = gzipSync(bytes, { level: 9 });
  if (br.length < bytes.length) writeFileSync(`${file}.br`, br);
  if (gz.length < bytes.length) writeFileSync(`${file}.gz`, gz);
  written += 1;
  before += bytes.length;
  after += br.length;
}
console.log(
  `precompress: ${written} files, ${(before / 1024).toFixed(0)} kB -> ${(after / 1024).toFixed(0)} kB with brotli`,
);
