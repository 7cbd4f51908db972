import { useCallback } from 'react';
import { loadRemotePage, remoteNameOf, resetRemote } from '../utils/remote-registry';
import { LazyModule } from './lazy-module';

export interface RemotePageProps {
  /** `<remote>/<exposed module>`, e.g. `remote_leads/leads-list-page`. */
  module: string;
}

/** Every remote screen (leads, documents, admin) is Russian (issue 12 "One language per screen"). */
export const REMOTE_SCREEN_LANGUAGE = 'ru';

/** Mounts a page a remote exposes, fetched through the federation runtime the first time it is shown. */
export function RemotePage({ module }: RemotePageProps) {
  const source = remoteNameOf(module);
  const load = useCallback(() => loadRemotePage(module), [module]);
  const retry = useCallback(() => resetRemote(source), [source]);
  // Keyed by module: two routes showing different remote pages at the same spot must not share a failed state.
  return <LazyModule key={module} id={module} load={load} source={source} onRetry={retry} language={REMOTE_SCREEN_LANGUAGE} />;
}
