// remote_documents: documents and document categories, loaded by the host through mf-manifest.json;
// `pnpm dev` serves the standalone shell on :3002 and proxies /api to the API.
const { createConfig } = require('../tooling/webpack.base.cjs');

module.exports = createConfig({
  dirname: __dirname,
  name: 'remote_documents',
  port: 3002,
  publicPath: 'auto',
  standalonePath: '/build/remotes/documents/',
  title: 'CRM · Документы',
  exposes: {
    './document-list-page': './src/app/exposed/document-list-page.tsx',
    './document-view-page': './src/app/exposed/document-view-page.tsx',
    './document-form-page': './src/app/exposed/document-form-page.tsx',
    './document-category-list-page': './src/app/exposed/document-category-list-page.tsx',
    './add-category-drawer': './src/app/exposed/add-category-drawer.tsx',
  },
});
