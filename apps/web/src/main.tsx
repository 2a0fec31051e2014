import './index.css';
import { SERVER_STATE_ID } from './app/server-state.ts';
import { isChunkLoadError, reloadOnce } from './lib/chunk-reload.ts';
import { nextTask } from './lib/next-task.ts';

/**
 * The entry. A page the server rendered is already drawn and readable, so the app's code (which
 * makes it interactive) is asked for once the page is painted, instead of competing with its
 * stylesheet, fonts and images on a slow connection; its files, which the server lists, then
 * come together. Any other page starts at once.
 */
function start() {
  // The packages first, then the app, each evaluated in a task of its own (app/packages.ts).
  import('./app/packages.ts')
    .then(nextTask)
    .then(() => import('./app/start.tsx'))
    .then(
      (app) => app.start(),
      (error: unknown) => {
        // A deploy took the files this page was built with: load the page afresh, once.
        if (isChunkLoadError(error)) reloadOnce(window.location.href);
        else throw error;
      },
    );
}

/** At most this long after the first paint, a page still loading an image starts anyway. */
const LOAD_WAIT_MS = 1000;

/**
 * Runs `then` once the page is drawn and what it asked for has arrived: after the browser reports
 * the first contentful paint, then after `load` (or LOAD_WAIT_MS, so one stalled image cannot
 * hold the app back). Scripts asked for sooner share a slow connection with the stylesheet, the
 * fonts and the main image, and push the page's drawing back. A tab in the background paints
 * nothing, and a browser that reports no paint is not waited for: both start at once.
 */
function whenDrawn(then: () => void) {
  const painted = new Promise<void>((resolve) => {
    if (
      document.visibilityState !== 'visible' ||
      !PerformanceObserver.supportedEntryTypes?.includes('paint')
    ) {
      resolve();
      return;
    }
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
    // Hidden before its first paint, a page would wait for ever.
    document.addEventListener('visibilitychange', () => resolve(), { once: true });
  });
  const loaded = new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });
  void painted
    .then(() => Promise.race([loaded, new Promise((resolve) => setTimeout(resolve, LOAD_WAIT_MS))]))
    .then(then);
}

/**
 * How many of the app's files are asked for in one task: each `modulepreload` link costs the
 * browser about 0.4 ms of a fast CPU as it is added, and the 20-30 a page lists, added at once,
 * made one of the longest tasks of a phone's load.
 */
const PRELOADS_PER_TASK = 6;

/** Asks for the files at once, a few links per task. */
async function preload(files: string[]) {
  for (let i = 0; i < files.length; i += PRELOADS_PER_TASK) {
    if (i > 0) await nextTask();
    for (const href of files.slice(i, i + PRELOADS_PER_TASK)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.append(link);
    }
  }
}

const rendered = document.getElementById(SERVER_STATE_ID);
if (!rendered) start();
else
  whenDrawn(() => {
    void preload(rendered.dataset.modules?.split(' ').filter(Boolean) ?? [])
      .then(nextTask)
      .then(start);
  });
