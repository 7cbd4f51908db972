import { config } from 'zod/mini';

// The page's CSP has no 'unsafe-eval': without this, zod probes `new Function` on first use and the browser reports a
// violation. The setting is global (globalThis), so the remotes' own zod copies follow it too. Imported first by
// bootstrap, before any module that builds a schema is evaluated (shared modules, eager in the host's entry script, are
// evaluated when first imported, not when registered).
config({ jitless: true });
