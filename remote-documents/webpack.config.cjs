// remote_documents: documents and document categories, loaded by the host through mf-manifest.json;
// `pnpm dev` serves the standalone shell on :3002 and proxies /api to the API.
// Its federation name and exposed modules come from the route table (shared/src/routes).
const { createConfig } = require('../tooling/webpack.base.cjs');

module.exports = createConfig({
  dirname: __dirname,
  remote: 'documents',
  port: 3002,
  publicPath: 'auto',
  standalonePath: '/build/remotes/documents/',
  title: 'CRM · Документы',
});
