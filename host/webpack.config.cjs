// The host build: the shell that owns the router and loads the remotes at run time.
const path = require('node:path');
const { DefinePlugin } = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
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

/**
 * The faces the first screens draw with: Public Sans's Latin (digits too) and Inter's Cyrillic, each one variable file
 * carrying every weight (the first screens use 400 to 700). Preloaded from index.html so they arrive with main.js;
 * with `font-display: optional` (features/layout/components/font-faces.ts) a face not here by the first paint is not
 * swapped in later, so no text moves (docs/decisions/080).
 */
const PRELOADED_FONTS = [/^assets\/public-sans-latin-wght-normal\.[0-9a-f]+\.woff2$/, /^assets\/inter-cyrillic-wght-normal\.[0-9a-f]+\.woff2$/];

class PreloadFontsPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('PreloadFontsPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('PreloadFontsPlugin', (data) => {
        const files = Object.keys(compilation.assets).filter((file) => PRELOADED_FONTS.some((pattern) => pattern.test(file)));
        const publicPath = compilation.outputOptions.publicPath;
        data.headTags.unshift(
          ...files.sort().map((file) =>
            HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'preload', href: `${publicPath}${file}`, as: 'font', type: 'font/woff2', crossorigin: 'anonymous' }),
          ),
        );
        return data;
      });
    });
  }
}

const base = createConfig({
  dirname: __dirname,
  name: 'host',
  port: 3000,
  publicPath: '/build/',
  title: 'CRM',
  // A remote's mf-manifest.json is fetched once: the runtime reads the host's copy (docs/decisions/081).
  runtimePlugins: [path.join(__dirname, 'src/features/remotes/utils/manifest-handoff-plugin.ts')],
});

module.exports = (env, argv) => {
  const config = base(env, argv);
  // The footer shows the app's version (APP_VERSION at build time, else the repository's package.json).
  config.plugins.push(new PreloadFontsPlugin());
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
