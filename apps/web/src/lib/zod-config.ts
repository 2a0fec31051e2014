import { z } from 'zod';

// Zod compiles a faster parser with `new Function` when it may; the store's Content-Security-
// Policy forbids eval, so every page would log a violation. The interpreted parser is fast
// enough for forms. Imported first by main.tsx, before any schema parses.
z.config({ jitless: true });
