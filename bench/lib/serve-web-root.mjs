// The API as `node api/dist/server.js` runs it, but serving the front-end builds from another folder: the web root is
// not configuration (docs/decisions/049), so federation-vs-bundle.mjs passes it to buildApp through this script.
//   node --import tsx lib/serve-web-root.mjs [<folder holding host/dist and remote-*/dist>]
import { buildApp } from '../../api/src/app.ts';
import { loadConfig } from '../../api/src/config.ts';

const [webDistRoot] = process.argv.slice(2);
const base = loadConfig();
const config = webDistRoot ? { ...base, webDistRoot } : base;
const app = await buildApp({ config });
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void app.close().then(() => process.exit(0)));
await app.listen({ port: config.port, host: config.host });
