// The host build: the shell that owns the router and loads the remotes at run time.
const { DefinePlugin } = require('webpack');
const { createConfig } = require('../tooling/webpack.base.cjs');
const { version } = require('../package.json');

/** Where each remote's dev server answers; production reads the same shape from the API (/build/remotes.json). */
const DEV_REMOTES = {
  remotes: [
    { name: 'remote_leads', entry: 'http://localhost:3001/mf-manifest.json' },
    { name: 'remote_documents', entry: 'http://localhost:3002/mf-manifest.json' },
    { name: 'remote_admin', entry: 'http://localhost:3003/mf-manifest.json' },
  ],
};

const base = createConfig({ dirname: __dirname, name: 'host', port: 3000, publicPath: '/build/', title: 'CRM' });

module.exports = (env, argv) => {
  const config = base(env, argv);
  // The footer shows the app's version (APP_VERSION at build time, else the repository's package.json).
  config.plugins.push(new DefinePlugin({ 'process.env.APP_VERSION': JSON.stringify(process.env.APP_VERSION ?? version) }));
  config.devServer = {
    ...config.devServer,
    // The host learns its remotes at run time; in dev it answers the manifest itself, pointing at the remote dev servers.
    setupMiddlewares: (middlewares) => {
      middlewares.unshift({
        name: 'remotes-manifest',
        path: '/build/remotes.json',
        middleware: (_req, res) => {
          res.setHeader('Content-Type', 'application/json');
          res.setHeader('Cache-Control', 'no-cache');
          res.end(JSON.stringify(DEV_REMOTES));
        },
      });
      return middlewares;
    },
  };
  return config;
};
