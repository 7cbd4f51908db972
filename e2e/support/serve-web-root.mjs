// The API as `node api/dist/server.js` runs it, but serving the front-end builds from another folder. The web root is
// not configuration (docs/decisions/049), so the compatibility matrix starts the server through this script to serve a
// previous release's host beside today's leads remote (docs/decisions/059). JavaScript run through tsx, as
// bench/lib/serve-web-root.mjs: the e2e package type-checks its tests, not the API's sources.
//   node --import tsx support/serve-web-root.mjs <folder holding host/dist and remote-*/dist>
import { loadConfig } from '../../api/src/config.ts';
import { startServer } from '../../api/src/start-server.ts';

const [webDistRoot] = process.argv.slice(2);
if (!webDistRoot) throw new Error('usage: serve-web-root.mjs <folder holding host/dist and remote-*/dist>');
await startServer({ config: { ...loadConfig(), webDistRoot }, shutdown: { drainMs: 0 } });
