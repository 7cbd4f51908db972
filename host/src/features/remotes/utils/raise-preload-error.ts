import type { ModuleLoadError } from './module-load-error';

export const PRELOAD_ERROR_EVENT = 'preload-error';

export interface PreloadErrorDetail {
  source: string;
  moduleId: string;
  error: ModuleLoadError;
}

/** §8 "Failed page load: a preload-error event is raised" — monitoring and e2e tests listen on window. */
export function raisePreloadError(error: ModuleLoadError): void {
  const detail: PreloadErrorDetail = { source: error.source, moduleId: error.moduleId, error };
  window.dispatchEvent(new CustomEvent<PreloadErrorDetail>(PRELOAD_ERROR_EVENT, { detail }));
}
