// remote_leads: leads and lead statuses. The host loads ./… modules through mf-manifest.json;
// `pnpm dev` serves the standalone shell on :3001 and proxies /api to the API.
// Its federation name and exposed modules come from the route table (shared/src/routes).
const { createConfig } = require('../tooling/webpack.base.cjs');

module.exports = createConfig({
  dirname: __dirname,
  remote: 'leads',
  port: 3001,
  publicPath: 'auto',
  standalonePath: '/build/remotes/leads/',
  title: 'CRM · Лиды',
});
