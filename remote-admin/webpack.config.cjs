// remote_admin: comment steps, roles, permissions, the IP allow-list and the audit log, loaded by the host through mf-manifest.json;
// `pnpm dev` serves the standalone shell on :3003 and proxies /api to the API.
// Its federation name and exposed modules come from the route table (shared/src/routes).
const { createConfig } = require('../tooling/webpack.base.cjs');

module.exports = createConfig({
  dirname: __dirname,
  remote: 'admin',
  port: 3003,
  publicPath: 'auto',
  standalonePath: '/build/remotes/admin/',
  title: 'CRM · Администрирование',
});
