import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { takeOfferedManifest } from './manifest-handoff';

/**
 * A federation runtime plugin (`runtimePlugins` in tooling/webpack.base.cjs): the runtime's fetch of a remote's
 * mf-manifest.json answers with the response the host's build check already has (manifest-handoff.ts).
 */
export default function manifestHandoffPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'crm-manifest-handoff',
    fetch(url) {
      const response = takeOfferedManifest(url);
      return response ? Promise.resolve(response) : undefined;
    },
  };
}
