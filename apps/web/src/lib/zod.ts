/**
 * Zod as the web app sees it: every `import ... from 'zod'` of the app and of @habi/shared
 * resolves here (vite.config.ts), so the setting below holds before any schema parses, in
 * whichever lazily loaded page first brings Zod in (no page loads it before it needs it).
 *
 * Zod compiles a faster parser with `new Function` when it may; the store's Content-Security-
 * Policy forbids eval, so every page would log a violation. The interpreted parser is fast
 * enough for forms.
 */
import { z } from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
