import { config } from 'zod';

// The page's CSP has no 'unsafe-eval': without this, zod probes `new Function` on first use and the browser reports a
// violation. The setting is global (globalThis), so the remotes' own zod copies follow it too.
config({ jitless: true });

// The async boundary lets federation negotiate the shared singletons before React loads.
import('./bootstrap');
