/**
 * Turns on zod's `jitless` setting on import. The page's CSP has no 'unsafe-eval': without it, zod probes
 * `new Function` on first use and the browser reports a violation. zod keeps its settings on
 * `globalThis.__zod_globalConfig` (what its `config()` writes), so one write covers every zod copy on the page; writing
 * it here instead of calling `config` keeps zod itself out of the entry (docs/decisions/033). Import it first in each
 * bootstrap, before any schema is parsed: `import '@crm/shared/zod-jitless';`.
 */
type ZodGlobal = typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };

const target = globalThis as ZodGlobal;
target.__zod_globalConfig ??= {};
target.__zod_globalConfig.jitless = true;

// A module (for the import), exporting nothing.
export {};
