import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig, retiredVariableWarnings } from './config';

/** Starts the API: parse the environment, build the app, listen, and close cleanly on SIGINT/SIGTERM. */
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

  const startedAt = performance.now();
  const app = await buildApp({ config });
  for (const warning of retiredVariableWarnings()) app.log.warn(warning);

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'Closing after an uncaught error');
    else app.log.info({ signal }, 'Shutting down');
    await app.close();
  });

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { startupMs: Math.round(performance.now() - startedAt), web: `${config.appUrl}/build/`, docs: `${config.appUrl}/api/docs` },
    'CRM API ready',
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
