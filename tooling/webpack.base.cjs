// The one webpack configuration the host and the three remotes build with.
// Each package's webpack.config.cjs calls createConfig with its own name, port and exposes.
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');

/** Libraries that must exist once on the page: React state, router context, styled theme, CASL and SWR caches. */
const sharedSingletons = {
  react: { singleton: true, requiredVersion: '^19.0.0' },
  'react-dom': { singleton: true, requiredVersion: '^19.0.0' },
  'react-router-dom': { singleton: true, requiredVersion: '^7.0.0' },
  'styled-components': { singleton: true, requiredVersion: '^6.1.0' },
  swr: { singleton: true, requiredVersion: '^2.0.0' },
  '@casl/ability': { singleton: true, requiredVersion: '^7.0.0' },
  '@casl/react': { singleton: true, requiredVersion: '^7.0.0' },
  '@crm/shared/': { singleton: true, requiredVersion: false, version: '0.1.0' },
};

/**
 * @param {object} options
 * @param {string} options.dirname        the package folder
 * @param {string} options.name           federation name (host, remote_leads, …)
 * @param {number} options.port           dev-server port
 * @param {Record<string,string>} [options.exposes]  modules a remote exposes
 * @param {string} options.publicPath     '/build/' for the host, 'auto' for remotes
 * @param {string} options.title          document title
 */
function createConfig({ dirname, name, port, exposes, publicPath, title }) {
  return (_env, argv) => {
    const production = argv.mode === 'production';
    return {
      mode: production ? 'production' : 'development',
      context: dirname,
      entry: './src/index.ts',
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dirname, 'dist'),
        publicPath,
        filename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
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
        }),
      ],
      performance: { hints: false },
      optimization: { moduleIds: 'deterministic' },
      devServer: {
        port,
        historyApiFallback: publicPath === 'auto' ? true : { index: `${publicPath}index.html` },
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [{ context: ['/api'], target: process.env.API_URL ?? 'http://localhost:8080' }],
        devMiddleware: publicPath === 'auto' ? undefined : { publicPath },
        client: { overlay: false },
      },
    };
  };
}

module.exports = { createConfig, sharedSingletons };
