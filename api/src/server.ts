import { ConfigError, loadConfig, retiredVariableWarnings } from './config';
import { DEFAULT_DRAIN_MS } from './plugins/graceful-shutdown';
import { startServer } from './start-server';

/** Starts the API: parse the environment, then build, listen and close cleanly on SIGINT/SIGTERM (start-server.ts). */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  for (const warning of retiredVariableWarnings()) console.warn(warning);
  // Only production sits behind a proxy that must see readiness fail before the close; `tsx watch` restarts at once.
  await startServer({ config, shutdown: { drainMs: config.nodeEnv === 'production' ? DEFAULT_DRAIN_MS : 0 } });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
