import { config } from 'zod';

// The page's CSP has no 'unsafe-eval': without this, zod probes `new Function` on first use and the browser reports a
// violation. The setting is global (globalThis), so the remotes' own zod copies follow it too.
config({ jitless: true });

// The async boundary lets the federation runtime negotiate shared singletons (React, router…) before any of
// them is evaluated.
void import('./bootstrap');
