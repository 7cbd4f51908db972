import { config } from 'zod/mini';

// The page's CSP has no 'unsafe-eval': without this, zod probes `new Function` on first use and the browser reports a
// violation. The setting is global (globalThis), so the remotes' own zod copies follow it too. Imported first by
// bootstrap (after the federation boundary, so the entry script itself carries no zod), before any schema is parsed.
config({ jitless: true });
