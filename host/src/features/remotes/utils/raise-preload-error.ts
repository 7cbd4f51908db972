import type { LazyPartLoadError } from '@crm/shared/ui';
import type { ModuleLoadError } from './module-load-error';
import { RemoteIncompatibleError } from './remote-incompatible-error';

export const PRELOAD_ERROR_EVENT = 'preload-error';

/** A page module, or a part of the UI kit a page fetches on first use, that could not be fetched. */
export type LoadFailure = ModuleLoadError | LazyPartLoadError;

export interface PreloadErrorDetail {
  source: string;
  moduleId: string;
  error: LoadFailure;
  /** For a remote built for another @crm/shared: its version and commit, the range it needs and what the host has. */
  versions?: RemoteIncompatibleError['versions'];
}

/** Failed page load: a preload-error event is raised; monitoring and e2e tests listen on window. */
export function raisePreloadError(error: LoadFailure): void {
  const detail: PreloadErrorDetail = { source: error.source, moduleId: error.moduleId, error };
  if (error instanceof RemoteIncompatibleError) detail.versions = error.versions;
  window.dispatchEvent(new CustomEvent<PreloadErrorDetail>(PRELOAD_ERROR_EVENT, { detail }));
}
