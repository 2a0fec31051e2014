import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = `http://localhost:${process.env.API_PORT ?? '3001'}`;

/** The font files every page's text uses: Manrope (text) and Fraunces (headings), Latin. */
const FIRST_FONTS = [/^manrope-latin-[\w-]{8}\.woff2$/, /^fraunces-latin-[\w-]{8}\.woff2$/];

/**
 * Preloads the built page's fonts from its head, so they download beside the scripts instead of
 * once the stylesheet has been read and the text laid out.
 */
function preloadFonts(): Plugin {
  return {
    name: 'habi-preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const files = Object.keys(bundle ?? {}).filter((file) =>
          FIRST_FONTS.some((font) => font.test(file.split('/').pop()!)),
        );
        if (files.length !== FIRST_FONTS.length)
          throw new Error(`fonts to preload not found: ${files.join(', ')}`);
        return files.map((file) => ({
          tag: 'link',
          attrs: { rel: 'preload', as: 'font', type: 'font/woff2', crossorigin: '', href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/**
 * The app is written for React and runs on Preact's compatibility layer: the same components,
 * hooks and libraries (React Router, TanStack Query, Radix) in 10 kB instead of react-dom's 64
 * (gzip), which alone would be most of a phone's first download. Server rendering too, so the page
 * hydrates what drew it. Controlled fields keep React's behaviour through
 * src/lib/controlled-fields.ts. The web unit tests (vitest.config.ts) run on it as well.
 */
export const reactOnPreact = [
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react(-dom)?$/, replacement: 'preact/compat' },
];

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), preloadFonts()],
  // Zod with its eval-free setting (src/lib/zod.ts), wherever it is imported from.
  resolve: {
    alias: [
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod.ts', import.meta.url)) },
      ...reactOnPreact,
    ],
  },
  // The server bundle carries only the code its pages use: its packages bundled and tree-shaken,
  // not loaded whole by the server from node_modules (every icon of lucide-react, every Radix
  // primitive: about 20 MB of the server's memory, 126 MB idle against 145).
  ssr: { noExternal: true },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: { '/api': apiTarget, '/uploads': apiTarget },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
    // Read by bench/ to measure what each page downloads.
    manifest: !isSsrBuild,
    // The server bundle (entry-server.tsx) renders pages; the public files are the client's.
    copyPublicDir: !isSsrBuild,
    rolldownOptions: {
      onLog(level, log, report) {
        // Said of every React Server Components marker ("use client"), meaningless in a bundle;
        // and of React 19's useOptimistic, which React Router uses only when React has it.
        if (log.code === 'MODULE_LEVEL_DIRECTIVE') return;
        if (log.code === 'IMPORT_IS_UNDEFINED' && log.message.includes('useOptimistic')) return;
        report(level, log);
      },
    },
  },
}));
