// remote_leads: leads and lead statuses. The host loads ./… modules through mf-manifest.json;
// `pnpm dev` serves the standalone shell on :3001 and proxies /api to the API.
const { createConfig } = require('../tooling/webpack.base.cjs');

module.exports = createConfig({
  dirname: __dirname,
  name: 'remote_leads',
  port: 3001,
  publicPath: 'auto',
  standalonePath: '/build/remotes/leads/',
  title: 'CRM · Лиды',
  exposes: {
    './leads-list-page': './src/app/exposed/leads-list-page.tsx',
    './lead-status-list-page': './src/app/exposed/lead-status-list-page.tsx',
    './add-status-drawer': './src/app/exposed/add-status-drawer.tsx',
    './lead-detail-page': './src/app/exposed/lead-detail-page.tsx',
    './lead-form-page': './src/app/exposed/lead-form-page.tsx',
  },
});
