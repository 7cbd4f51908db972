// The federation runtime a standalone remote page loads before the remote's own script (tooling/webpack.base.cjs):
// a production remote is built with `experiments.externalRuntime` and reads this global, which the host sets when the
// remote is loaded into it (docs/decisions/033).
import * as runtimeCore from '@module-federation/runtime-core';

globalThis._FEDERATION_RUNTIME_CORE = runtimeCore;
