export const MODULE_ERROR_EVENT = 'module-error';

export interface ModuleErrorDetail {
  /** The remote (`remote_leads`) or `host`. */
  source: string;
  /** The page module, e.g. `remote_leads/leads-list-page`, when known. */
  moduleId?: string;
  error: Error;
}

/** A loaded page threw while rendering: error reporting (wired in src/app) and e2e tests listen on window. */
export function raiseModuleError(detail: ModuleErrorDetail): void {
  window.dispatchEvent(new CustomEvent<ModuleErrorDetail>(MODULE_ERROR_EVENT, { detail }));
}
