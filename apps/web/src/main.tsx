import './index.css';
import { SERVER_STATE_ID } from './app/server-state.ts';
import { isChunkLoadError, reloadOnce } from './lib/chunk-reload.ts';

/**
 * The entry. A page the server rendered is already drawn and readable, so the app's code (which
 * makes it interactive) is asked for once the page is painted, instead of competing with its
 * stylesheet and fonts on a slow connection; its files, which the server lists, then come
 * together. Any other page starts at once.
 */
function start() {
  import('./app/start.tsx').then(
    (app) => app.start(),
    (error: unknown) => {
      // A deploy took the files this page was built with: load the page afresh, once.
      if (isChunkLoadError(error)) reloadOnce(window.location.href);
      else throw error;
    },
  );
}

const rendered = document.getElementById(SERVER_STATE_ID);
if (!rendered) start();
else {
  const afterPaint = () => {
    for (const href of rendered.dataset.modules?.split(' ').filter(Boolean) ?? []) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.append(link);
    }
    start();
  };
  // The frame after this one is the page's first (a hidden tab paints none: it starts at once).
  if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(afterPaint, 0));
  else afterPaint();
}
