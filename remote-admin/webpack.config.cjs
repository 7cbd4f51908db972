// remote_admin: comment steps, roles, permissions, the IP allow-list and the audit log, loaded by the host through mf-manifest.json;
// `pnpm dev` serves the standalone shell on :3003 and proxies /api to the API.
const { createConfig } = require('../tooling/webpack.base.cjs');

module.exports = createConfig({
  dirname: __dirname,
  name: 'remote_admin',
  port: 3003,
  publicPath: 'auto',
  standalonePath: '/build/remotes/admin/',
  title: 'CRM · Администрирование',
  exposes: {
    './comment-step-list-page': './src/app/exposed/comment-step-list-page.tsx',
    './add-step-drawer': './src/app/exposed/add-step-drawer.tsx',
    './permissions-page': './src/app/exposed/permissions-page.tsx',
    './roles-page': './src/app/exposed/roles-page.tsx',
    './white-ip-list-page': './src/app/exposed/white-ip-list-page.tsx',
    './add-white-ip-drawer': './src/app/exposed/add-white-ip-drawer.tsx',
    './audit-log-page': './src/app/exposed/audit-log-page.tsx',
    './users-page': './src/app/exposed/users-page.tsx',
    './team-list-page': './src/app/exposed/team-list-page.tsx',
    './team-form-page': './src/app/exposed/team-form-page.tsx',
  },
});
