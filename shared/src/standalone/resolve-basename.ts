// Replaced by webpack with the bundle's public path; undefined outside webpack (tests).
declare const __webpack_public_path__: string | undefined;

/** Where the page could have been served from, in order of trust. */
export interface BasenameSources {
  /** `document.baseURI` when the page has a `<base href>`, else null. */
  baseHref: string | null;
  /** The bundle's public path as webpack resolved it at run time. */
  publicPath: string | null;
  /** Absolute `src` of the page's scripts. */
  scriptSrcs: readonly string[];
  pathname: string;
  origin: string;
}

/** Reads the sources of `resolveBasename` from the live document. */
export function readBasenameSources(): BasenameSources {
  return {
    baseHref: document.querySelector('base[href]') ? document.baseURI : null,
    publicPath: typeof __webpack_public_path__ === 'string' ? __webpack_public_path__ : null,
    scriptSrcs: Array.from(document.scripts, (script) => script.src).filter(Boolean),
    pathname: window.location.pathname,
    origin: window.location.origin,
  };
}

function folderOf(url: string, origin: string): string | null {
  try {
    const parsed = new URL(url, origin);
    if (parsed.origin !== origin) return null;
    return parsed.pathname.slice(0, parsed.pathname.lastIndexOf('/') + 1);
  } catch {
    return null;
  }
}

/**
 * The router basename of a remote running standalone: the folder its index.html is served from,
 * `/` under its dev server (http://localhost:3001/) and `/build/remotes/leads` when the API serves the build.
 *
 * Rule, first answer wins:
 * 1. a `<base href>` on the page (a server that serves deep links can set it);
 * 2. webpack's public path: remotes build with `publicPath: 'auto'`, which webpack derives from the entry
 *    script's URL with the `assets/` folder taken off, i.e. exactly the folder holding index.html;
 * 3. the folder of a page script under `assets/`, minus `assets/`;
 * 4. `/`.
 * A candidate the current URL is not under is skipped: the router would render nothing for it.
 */
export function resolveBasename(sources: BasenameSources = readBasenameSources()): string {
  const { origin, pathname } = sources;
  const entryScript = [...sources.scriptSrcs].reverse().find((src) => /\/assets\/[^/]+\.js(\?|$)/.test(src));
  const candidates = [
    sources.baseHref ? folderOf(sources.baseHref, origin) : null,
    sources.publicPath && sources.publicPath !== 'auto' ? folderOf(sources.publicPath, origin) : null,
    entryScript ? folderOf(entryScript, origin)?.replace(/assets\/$/, '') ?? null : null,
  ];
  for (const folder of candidates) {
    if (folder && (pathname.startsWith(folder) || `${pathname}/` === folder)) {
      return folder === '/' ? '/' : folder.replace(/\/$/, '');
    }
  }
  return '/';
}
