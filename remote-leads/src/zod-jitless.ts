// The page's CSP has no 'unsafe-eval': without `jitless`, zod probes `new Function` on first use and the browser
// reports a violation. zod keeps its settings on `globalThis.__zod_globalConfig` (what its `config()` writes), so one
// setting covers every copy on the page. This remote runs the host's zod (through @crm/shared/schemas and
// @crm/shared/lists) and writes the setting itself rather than import zod for `config` alone: that import pulled the
// remote's own zod chunk into the list's first load (docs/decisions/033). The standalone page has no host, so this
// still runs first in bootstrap, before any schema is parsed; zod-jitless.test.ts checks zod reads it.
type ZodGlobal = typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };

const target = globalThis as ZodGlobal;
target.__zod_globalConfig ??= {};
target.__zod_globalConfig.jitless = true;

// A module (for the test's import), exporting nothing.
export {};
