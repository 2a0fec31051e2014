// Copies the country flags the phone input shows into public/flags/, so they are served from
// the store's own origin: the strict Content-Security-Policy allows no third-party image host
//. The phone input points at them with flagUrl="/flags/{XX}.svg".
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const source = path.join(path.dirname(require.resolve('country-flag-icons/package.json')), '3x2');
const target = fileURLToPath(new URL('../public/flags/', import.meta.url));

mkdirSync(target, { recursive: true });
const flags = readdirSync(source).filter((name) => /^[A-Z]{2}\.svg$/.test(name));
for (const name of flags) copyFileSync(path.join(source, name), path.join(target, name));
console.log(`copy-flags: ${flags.length} flags -> ${path.relative(process.cwd(), target) || '.'}`);
