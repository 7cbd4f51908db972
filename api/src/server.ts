import { ConfigError, loadConfig } from './config';
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
  await startServer({ config });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
