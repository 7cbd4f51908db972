// The one webpack configuration the host and the three remotes build with.
// Each package's webpack.config.cjs calls createConfig with its own name, port and exposes.
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');

const sharedVersion = require('../shared/package.json').version;

/** Libraries that must exist once on the page: React state, router context, styled theme, CASL and SWR caches. */
const sharedSingletons = {
  react: { singleton: true, requiredVersion: '^19.0.0' },
  'react-dom': { singleton: true, requiredVersion: '^19.0.0' },
  'react-router-dom': { singleton: true, requiredVersion: '^7.0.0' },
  'styled-components': { singleton: true, requiredVersion: '^6.1.0' },
  swr: { singleton: true, requiredVersion: '^2.0.0' },
  '@casl/ability': { singleton: true, requiredVersion: '^7.0.0' },
  '@casl/react': { singleton: true, requiredVersion: '^7.0.0' },
  // The host's copy of @crm/shared serves every remote (docs/decisions/001): bump shared's version when its API grows,
  // so a remote built against a newer one is reported instead of failing on a missing export.
  '@crm/shared/': { singleton: true, version: sharedVersion, requiredVersion: `^${sharedVersion}` },
};

/**
 * webpack 5.111 renders the federation runtime module while hashing, before any chunk has a content hash, and that
 * module resolves the entry chunk's filename (only to learn how deep `assets/` is). With `[contenthash]` in a plain
 * template the build fails (module-federation/core#5077, webpack/webpack#22199). A function template answers the
 * same folder without the hash until the hash exists; every emitted file still carries its hash.
 */
function hashedWhenKnown(template) {
  const unhashed = template.replace(/\.\[contenthash(:\d+)?\]/, '');
  return (pathData) => (pathData.chunk?.contentHash?.javascript ? template : unhashed);
}

/**
 * A remote's `output.publicPath` is 'auto' on purpose: its chunks load from wherever its remoteEntry.js is served,
 * and the host derives the remote's base from the mf-manifest.json URL it was given (`REMOTE_*_URL`), so one build
 * can be deployed at /build/remotes/<name>/, standalone, or on another origin without a rebuild (decisions/001).
 * The manifest plugin reports that choice on every build as a warning ("Manifest will use absolute path resolution
 * via its host at runtime, reason: publicPath='auto'"), which it has no option to turn off. This drops that one
 * notice and nothing else; any other warning of the plugin still prints.
 */
class AutoPublicPathNoticeFilter {
  apply(compiler) {
    compiler.hooks.infrastructureLog.tap('AutoPublicPathNoticeFilter', (name, type, args) => {
      const text = args.map(String).join(' ');
      if (type === 'warn' && /Manifest Plugin/.test(String(name)) && /reason: publicPath='auto'/.test(text)) {
        return true;
      }
      return undefined;
    });
  }
}

/**
 * @param {object} options
 * @param {string} options.dirname        the package folder
 * @param {string} options.name           federation name (host, remote_leads, …)
 * @param {number} options.port           dev-server port
 * @param {Record<string,string>} [options.exposes]  modules a remote exposes
 * @param {string} options.publicPath     '/build/' for the host, 'auto' for remotes
 * @param {string} options.title          document title
 * @param {string} [options.standalonePath] where a remote's own index.html is served in production (e.g. /build/remotes/leads/)
 */
function createConfig({ dirname, name, port, exposes, publicPath, title, standalonePath }) {
  return (_env, argv) => {
    const production = argv.mode === 'production';
    const filename = production ? hashedWhenKnown('assets/[name].[contenthash:10].js') : 'assets/[name].js';
    // The federation public path of a remote stays 'auto' (the host loads it from wherever it is deployed), but its
    // standalone page must load its script from an absolute path, or a deep link such as
    // /build/remotes/leads/lead-status/list asks for …/lead-status/assets/main.js.
    const htmlPublicPath = publicPath === 'auto' ? (production ? standalonePath ?? 'auto' : '/') : publicPath;
    return {
      mode: production ? 'production' : 'development',
      context: dirname,
      entry: './src/index.ts',
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dirname, 'dist'),
        publicPath,
        filename,
        chunkFilename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        uniqueName: name,
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'] },
      module: {
        rules: [
          {
            test: /\.[jt]sx?$/,
            exclude: /node_modules/,
            use: {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: !production } },
                  target: 'es2020',
                },
              },
            },
          },
          { test: /\.(png|svg|jpg|jpeg|gif|webp|woff2?)$/, type: 'asset/resource' },
        ],
      },
      plugins: [
        // Before the federation plugin, which logs while it is applied.
        new AutoPublicPathNoticeFilter(),
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes: exposes ?? {},
          remotes: {},
          shared: sharedSingletons,
          manifest: { fileName: 'mf-manifest.json' },
          dts: false,
        }),
        new HtmlWebpackPlugin({
          template: path.join(__dirname, 'index.html'),
          title,
          chunks: ['main'],
          publicPath: htmlPublicPath,
        }),
      ],
      performance: { hints: false },
      // Keep `pnpm start` and CI logs readable: problems and the build time, not every module.
      stats: { preset: 'errors-warnings', timings: true },
      optimization: { moduleIds: 'deterministic' },
      devServer: {
        port,
        historyApiFallback: publicPath === 'auto' ? true : { index: `${publicPath}index.html` },
        headers: { 'Access-Control-Allow-Origin': '*' },
        // The API answers the icon too, so a dev server shows the same tab icon as the built app.
        proxy: [{ context: ['/api', '/favicon.ico', '/favicon.svg'], target: process.env.API_URL ?? 'http://localhost:8080' }],
        devMiddleware: publicPath === 'auto' ? undefined : { publicPath },
        client: { overlay: false },
      },
    };
  };
}

module.exports = { createConfig, sharedSingletons };
