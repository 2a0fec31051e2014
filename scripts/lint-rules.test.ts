// The import directions and size limits in biome.json, shown refusing what they must refuse and
// taking what they must take. Each probe is a file laid out as in the repository, in a folder of
// its own with a copy of biome.json, so the check never touches the working tree.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const biome = path.join(root, 'node_modules/.bin/biome');

interface Probe {
  file: string;
  imports: string;
  /** The start of the refusal's message, or null when the import is allowed. */
  refused: string | null;
}

const MODULE_PUBLIC = 'A module uses another module only through';
const MODULE_LAYER = 'Server imports run one way';
const APP_PUBLIC = 'app.ts and plugins/ use a module only through';
const APP_LAYER = 'app.ts and plugins/ sit below the process';

const probes: Probe[] = [
  // A module reaches another only through its index.ts, and never up into plugins or the process.
  { file: 'apps/server/src/modules/users/p1.ts', imports: '../orders/pricing.ts', refused: MODULE_PUBLIC },
  { file: 'apps/server/src/modules/users/p2.ts', imports: '../orders/index.ts', refused: null },
  { file: 'apps/server/src/modules/users/p3.ts', imports: './users.service.ts', refused: null },
  { file: 'apps/server/src/modules/users/p4.ts', imports: '../../db/client.ts', refused: null },
  { file: 'apps/server/src/modules/users/p5.ts', imports: '../../lib/errors.ts', refused: null },
  { file: 'apps/server/src/modules/users/p6.ts', imports: '../../plugins/errors.ts', refused: MODULE_LAYER },
  { file: 'apps/server/src/modules/users/p7.ts', imports: '../../runtime/boot.ts', refused: MODULE_LAYER },
  { file: 'apps/server/src/modules/users/p8.ts', imports: '../../app.ts', refused: MODULE_LAYER },
  {
    file: 'apps/server/src/modules/mail/templates/p9.ts',
    imports: '../../orders/pricing.ts',
    refused: MODULE_PUBLIC,
  },
  { file: 'apps/server/src/modules/mail/templates/p10.ts', imports: '../../orders/index.ts', refused: null },
  { file: 'apps/server/src/modules/mail/templates/p11.ts', imports: '../outbox.ts', refused: null },
  // db/ sits below the modules; lib/ below everything.
  {
    file: 'apps/server/src/db/p12.ts',
    imports: '../modules/orders/index.ts',
    refused: 'db/ (schema, migrations',
  },
  { file: 'apps/server/src/db/p13.ts', imports: '../lib/db-errors.ts', refused: null },
  {
    file: 'apps/server/src/lib/p14.ts',
    imports: '../db/client.ts',
    refused: "lib/ is the server's bottom layer",
  },
  {
    file: 'apps/server/src/lib/p15.ts',
    imports: '../modules/auth/index.ts',
    refused: "lib/ is the server's bottom layer",
  },
  { file: 'apps/server/src/lib/p16.ts', imports: './errors.ts', refused: null },
  // app.ts and plugins/ use modules' public files and never the process above them.
  { file: 'apps/server/src/plugins/p17.ts', imports: '../modules/auth/sessions.ts', refused: APP_PUBLIC },
  { file: 'apps/server/src/plugins/p18.ts', imports: '../modules/auth/index.ts', refused: null },
  { file: 'apps/server/src/plugins/p19.ts', imports: '../runtime/boot.ts', refused: APP_LAYER },
  { file: 'apps/server/src/app.ts', imports: './modules/orders/orders.routes.ts', refused: APP_PUBLIC },
  // The process may use anything below it.
  { file: 'apps/server/src/runtime/p20.ts', imports: '../modules/admins/index.ts', refused: null },
  // The web app: features never import one another, info and newsletter included.
  {
    file: 'apps/web/src/features/info/p21.tsx',
    imports: '../newsletter/components/x.tsx',
    refused: 'A feature must not import another feature',
  },
  {
    file: 'apps/web/src/features/newsletter/p22.tsx',
    imports: '../catalogue/components/x.tsx',
    refused: 'A feature must not import another feature',
  },
  {
    file: 'apps/web/src/lib/p23.ts',
    imports: '../features/info/x.tsx',
    refused: 'components/ and lib/ sit below',
  },
];

let dir: string;
let diagnostics: { category: string; message: string; location: { path: string } }[];

function lines(count: number) {
  return Array.from({ length: count }, (_, i) => `  total += ${i};`).join('\n');
}

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'habi-lint-rules-'));
  copyFileSync(path.join(root, 'biome.json'), path.join(dir, 'biome.json'));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  };
  for (const probe of probes)
    write(probe.file, `import { x } from '${probe.imports}';\n\nexport const y = x;\n`);
  // Size limits: Biome counts a function's body, which is kept to 115 lines so that with its
  // signature and a few lines of parameters a function stays within 120. A file of 401 lines is
  // refused, one of 400 passes.
  const fn = (body: number) =>
    `export function f() {\n  let total = 0;\n${lines(body - 2)}\n  return total;\n}\n`;
  write('apps/server/src/lib/long-function.ts', fn(116));
  write('apps/server/src/lib/ok-function.ts', fn(115));
  const constants = (count: number) =>
    Array.from({ length: count }, (_, i) => `export const c${i} = ${i};`).join('\n');
  write('apps/web/src/lib/long-file.ts', `${constants(401)}\n`);
  write('apps/web/src/lib/ok-file.ts', `${constants(400)}\n`);
  // Biome exits 1 when it finds errors, which the probes are made to have: its report is read.
  const run = spawnSync(
    biome,
    ['lint', '--reporter=json', '--vcs-enabled=false', '--max-diagnostics=none', '.'],
    {
      cwd: dir,
      encoding: 'utf8',
    },
  );
  diagnostics = JSON.parse(run.stdout).diagnostics;
}, 60_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function restrictedImports(file: string) {
  return diagnostics
    .filter((d) => d.location.path === file && d.category === 'lint/style/noRestrictedImports')
    .map((d) => d.message);
}

describe('import directions (biome.json)', () => {
  it.each(probes)('$file importing $imports', ({ file, refused }) => {
    const messages = restrictedImports(file);
    if (refused === null) expect(messages).toEqual([]);
    else
      expect(messages).toEqual([
        expect.stringMatching(new RegExp(`^${refused.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`)),
      ]);
  });
});

describe('size limits (biome.json)', () => {
  const categories = (file: string) =>
    diagnostics.filter((d) => d.location.path === file).map((d) => d.category);
  it('refuses a function whose body is over 115 lines, not one of 115', () => {
    expect(categories('apps/server/src/lib/long-function.ts')).toContain(
      'lint/complexity/noExcessiveLinesPerFunction',
    );
    expect(categories('apps/server/src/lib/ok-function.ts')).not.toContain(
      'lint/complexity/noExcessiveLinesPerFunction',
    );
  });
  it('refuses a file over 400 lines, not one of 400', () => {
    expect(categories('apps/web/src/lib/long-file.ts')).toContain('lint/style/noExcessiveLinesPerFile');
    expect(categories('apps/web/src/lib/ok-file.ts')).not.toContain('lint/style/noExcessiveLinesPerFile');
  });
});
