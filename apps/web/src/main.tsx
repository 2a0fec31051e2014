import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers.tsx';
import { reloadForStaleChunk, router } from './app/router.tsx';
import './index.css';
import { isChunkLoadError } from './lib/chunk-reload.ts';

// Vite reports every lazily loaded file it could not fetch here, the back office's own pages too.
window.addEventListener('vite:preloadError', (event) => {
  if (isChunkLoadError(event.payload)) reloadForStaleChunk();
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
