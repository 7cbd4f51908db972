import { reportError, startErrorReporting } from '../features/monitoring/utils/error-reporter';
import { reportRemoteLoadError } from '../features/remotes/api/report-remote-load-error';
import { MODULE_ERROR_EVENT, type ModuleErrorDetail } from '../features/remotes/utils/raise-module-error';
import { PRELOAD_ERROR_EVENT, type PreloadErrorDetail } from '../features/remotes/utils/raise-preload-error';

/** The app path without the host's /build base, e.g. `/leads/42`: ids, never a query string. */
const currentRoute = () => window.location.pathname.replace(/^\/build(?=\/|$)/, '') || '/';

/**
 * Error reporting for the whole page (docs/decisions/043): uncaught errors, and every page that failed to load or
 * threw inside its error boundary, reported with the remote, module and route as tags.
 */
export function startMonitoring(): void {
  startErrorReporting();
  window.addEventListener(MODULE_ERROR_EVENT, (event) => {
    const { source, moduleId, error } = (event as CustomEvent<ModuleErrorDetail>).detail;
    reportError(error, { remote: source, module: moduleId ?? 'unknown', route: currentRoute(), failure: 'render' });
  });
  window.addEventListener(PRELOAD_ERROR_EVENT, (event) => {
    const { source, moduleId, error, versions } = (event as CustomEvent<PreloadErrorDetail>).detail;
    // An incompatible remote is reported with both sides' versions, so the report says whom to ask for a rebuild.
    const failure = versions ? 'incompatible' : 'load';
    reportError(error, { remote: source, module: moduleId, route: currentRoute(), failure, ...versions });
    // And to the API, for the status column of the Модули page (the admins who switch remotes may have no Sentry).
    void reportRemoteLoadError(source, error.message, versions?.remote_version ?? null);
  });
}
