// The one webpack configuration the host and the three remotes build with.
// Each package's webpack.config.cjs calls createConfig with its own name (or remote) and port.
const fs = require('node:fs');
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { remoteBuildInfo } = require('./remote-build-info.cjs');

const sharedVersion = require('../shared/package.json').version;
// The route table (shared/src/routes) names each remote's scope and the modules its routes render: a remote exposes
// those.
// Plain TypeScript without runtime imports, so Node loads it by stripping the types.
const { REMOTE_SCOPES, ROUTE_MANIFEST } = require('../shared/src/routes/index.ts');
const { remoteExposes } = require('../shared/src/routes/derive.ts');

/**
 * Libraries that must exist once on the page: React state, styled theme, CASL and SWR caches (and i18next, shared to be
 * fetched once though each user makes its own instance). The router is not here: it is shared inside
 * `@crm/shared/router`, which bundles only the names the app uses (a shared package is never tree-shaken;
 * docs/decisions/033). Nor is zod: shared whole it costs 82 KiB gzip with every locale; each build keeps its
 * tree-shaken copy, and remote code reaches zod through the host's `@crm/shared/schemas` where it can.
 */
const sharedSingletons = {
  react: { singleton: true, requiredVersion: '^19.0.0' },
  'react-dom': { singleton: true, requiredVersion: '^19.0.0' },
  'styled-components': { singleton: true, requiredVersion: '^6.1.0' },
  swr: { singleton: true, requiredVersion: '^2.0.0' },
  '@casl/ability': { singleton: true, requiredVersion: '^7.0.0' },
  '@casl/react': { singleton: true, requiredVersion: '^7.0.0' },
  // The host's copy of @crm/shared serves every remote (docs/decisions/001): bump shared's version when its API grows,
  // so a remote built against a newer one is reported instead of failing on a missing export (docs/decisions/051).
  '@crm/shared/': { singleton: true, version: sharedVersion, requiredVersion: `^${sharedVersion}` },
  // Not a singleton (the shell and the UI kit each make their own instance), but shared all the same: the kit's texts
  // (shared/src/ui/i18n) reach a remote through its own copies of the kit's parts the host does not offer (the lead
  // form's multi-select, the editor), and each remote then fetched and ran a second i18next (15 KiB brotli, about
  // 180 ms of script on a phone before the page could paint) that the host's entry already holds. A remote built
  // against a release outside this range still loads its own copy (docs/decisions/080).
  i18next: { requiredVersion: '^27.0.0' },
};

/**
 * An eager share is the host's own copy, consumed by the host before any remote has run: the runtime's check of the
 * host's version against the host's own range can only pass, and it cost the phone's start a semver parse per share
 * (`satisfy` in `loadShareSync`, about an eighth of main.js's evaluation; docs/decisions/081). The remotes keep their
 * ranges: their check against the host's copy is the one that can fail.
 */
const EAGER_HOST_SHARE = { eager: true, requiredVersion: false };

/**
 * A prefix share provides only the modules a build itself imports. The host draws no list, so it would not offer
 * `@crm/shared/lists` and each remote would run its own copy with its own zod. Named here by file (a package request
 * is provided only when the build meets it too), the host builds and offers it. Eager, in the host's entry (0.9 KiB
 * gzip): as a lazy shared chunk it was one more round trip after the host had run and before the list could ask for
 * its data, the longest wait of a federated cold load against one bundle (docs/decisions/038).
 */
const hostProvidedShared = {
  '@crm/shared/lists': {
    import: path.join(__dirname, '../shared/src/lists/index.ts'),
    singleton: true,
    version: sharedVersion,
    ...EAGER_HOST_SHARE,
  },
};

/**
 * The host's shares are eager: bundled into its entry script instead of one lazy chunk each (docs/decisions/033,
 * third pass). The host's first load needs every one of them, and each lazy shared chunk paid its own federation
 * wrapper, request and gzip dictionary (25 scripts → 7, about −11 KiB gzip). Remotes still negotiate through the share
 * scope: the host registers these first and, with `shareStrategy: 'loaded-first'`, its copies serve every remote.
 * Remotes keep them lazy (a standalone remote page still negotiates before its bootstrap).
 *
 * `@crm/shared/` is a prefix share; eager on the prefix would also bundle what the host imports only lazily (the UI
 * kit's French and Arabic texts), so the subpaths the shell imports at start are named one by one and the prefix
 * stays lazy for the rest (remote-only subpaths such as `lists`, and lazy host chunks). The host's entry has no async
 * boundary any more (host/src/index.ts), so a subpath the shell starts to import at start must be added here, or the
 * page fails at start with "Shared module is not available for eager consumption".
 */
// `schemas/mini` (zod/mini), not `schemas`: the classic schemas (and classic zod, 25 KiB gzip) reach the host through
// the lazy `@crm/shared/` prefix share, with the first form, the search dialog or a remote that needs them.
const HOST_EAGER_SHARED_SUBPATHS = ['abilities', 'abilities/react', 'api-client', 'monitoring', 'realtime', 'router', 'routes', 'schemas/mini', 'ui', 'zod-jitless'];
const hostShared = {
  ...Object.fromEntries(
    Object.entries(sharedSingletons)
      .filter(([key]) => !key.endsWith('/'))
      .map(([key, value]) => [key, { ...value, ...EAGER_HOST_SHARE }]),
  ),
  ...Object.fromEntries(
    HOST_EAGER_SHARED_SUBPATHS.map((sub) => [`@crm/shared/${sub}`, { ...sharedSingletons['@crm/shared/'], ...EAGER_HOST_SHARE }]),
  ),
  '@crm/shared/': sharedSingletons['@crm/shared/'],
};

/**
 * Every build runs in a browser only: `target: 'web'` lets the federation runtime drop its Node.js paths (script
 * loading through `vm`/`fetch` for Node, environment probes) at build time.
 */
const FEDERATION_OPTIMIZATION = { target: 'web' };

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
 * A production remote leaves the federation runtime (@module-federation/runtime-core, about 20 KiB gzip) to the page
 * that loads it: the host provides it (`provideExternalRuntime`), so remoteEntry.js does not carry a second copy
 * (docs/decisions/033). The remote's standalone page has no host, so it loads `federation-runtime.js` first: this
 * second, plain build of the same remote package sets the global the remote's runtime reads.
 */
function standaloneRuntimeConfig({ dirname, name, outputPath }) {
  // The copy the remote's own federation runtime was built against: resolved from the plugin's package.
  const plugin = require.resolve('@module-federation/enhanced/webpack', { paths: [dirname] });
  const runtimeCore = require.resolve('@module-federation/runtime-core', { paths: [path.dirname(plugin)] });
  return {
    name: `${name}-federation-runtime`,
    // After the remote's own build, which cleans dist/.
    dependencies: [name],
    mode: 'production',
    context: dirname,
    entry: { 'federation-runtime': path.join(__dirname, 'federation-runtime-global.js') },
    devtool: 'source-map',
    output: { path: outputPath, filename: '[name].js', clean: false },
    resolve: { alias: { '@module-federation/runtime-core$': runtimeCore } },
    performance: { hints: false },
    stats: { preset: 'errors-warnings', timings: true },
  };
}

/** The ES module build of @module-federation/inject-external-runtime-core-plugin (what `provideExternalRuntime` adds). */
function injectExternalRuntimePlugin(dirname) {
  const plugin = require.resolve('@module-federation/enhanced/webpack', { paths: [dirname] });
  const cjs = require.resolve('@module-federation/inject-external-runtime-core-plugin', { paths: [path.dirname(plugin)] });
  return cjs.replace(/\.cjs$/, '.js');
}

/** Puts the standalone page's federation-runtime.js before its entry script (both deferred, so they run in order). */
class StandaloneRuntimeTag {
  constructor(src) {
    this.src = src;
  }
  apply(compiler) {
    compiler.hooks.compilation.tap('StandaloneRuntimeTag', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('StandaloneRuntimeTag', (data) => {
        data.headTags.unshift(
          HtmlWebpackPlugin.createHtmlTagObject('script', { defer: true, src: this.src }),
        );
        return data;
      });
    });
  }
}

/**
 * The JS minimizer: SWC's instead of webpack's default Terser (docs/decisions/037). Same plugin webpack uses by
 * default (minimizer-webpack-plugin, a webpack dependency, so it is resolved through the package's webpack rather
 * than added as a dependency of its own), only with SWC's Rust minifier, which takes a fraction of Terser's time.
 */
function swcMinimizer(dirname) {
  const webpackDir = path.dirname(require.resolve('webpack/package.json', { paths: [dirname] }));
  const MinimizerPlugin = require(require.resolve('minimizer-webpack-plugin', { paths: [webpackDir] }));
  return new MinimizerPlugin({
    minify: { implementation: MinimizerPlugin.swcMinify, options: { compress: { passes: 2 }, mangle: true } },
  });
}

/**
 * webpack's persistent cache: a second build (after a pull, a `pnpm build` or a dev-server restart) reuses every
 * module that did not change. Kept under the package's node_modules/.cache/webpack, one cache per mode. The config
 * files are its build dependencies (with what they require, such as shared/package.json), so editing them starts a
 * fresh cache; package versions in node_modules are checked by webpack itself.
 */
function persistentCache(dirname, mode) {
  return {
    type: 'filesystem',
    name: mode,
    buildDependencies: { config: [__filename, path.join(dirname, 'webpack.config.cjs')] },
  };
}

/**
 * A feature team's release (`pnpm --filter @crm/remote-leads run release`, tooling/release-remote.mjs) sets these two:
 * the remote is built for the URL it will be served from, into a folder of its own, instead of 'auto' into dist/.
 * @returns {{ publicUrl: string, outDir: string } | null}
 */
function releaseTarget() {
  const publicUrl = process.env.CRM_RELEASE_PUBLIC_URL;
  const outDir = process.env.CRM_RELEASE_OUT_DIR;
  return publicUrl && outDir ? { publicUrl, outDir } : null;
}

/**
 * @param {object} options
 * @param {string} options.dirname        the package folder
 * @param {string} [options.name]         federation name of the host ('host')
 * @param {'leads'|'documents'|'admin'} [options.remote]  for a remote: its scope and exposes come from the route table
 * @param {Record<string,string>} [options.exposes]  more modules to expose (shared/src/routes/route-manifest.test.ts fails on any no route renders)
 * @param {number} options.port           dev-server port
 * @param {string} options.publicPath     '/build/' for the host, 'auto' for remotes
 * @param {string} options.title          document title
 * @param {string} [options.standalonePath] where a remote's own index.html is served in production (e.g. /build/remotes/leads/)
 * @param {string[]} [options.runtimePlugins] the host's own federation runtime plugins (files)
 */
function createConfig({ dirname, name: hostName, remote: remoteName, exposes: extraExposes, port, publicPath: configuredPublicPath, title, standalonePath: configuredStandalonePath, runtimePlugins = [] }) {
  const name = remoteName ? REMOTE_SCOPES[remoteName] : hostName;
  const exposes = { ...(remoteName ? remoteExposes(ROUTE_MANIFEST, remoteName) : {}), ...extraExposes };
  return (_env, argv) => {
    const production = argv.mode === 'production';
    // A release names the URL its files will be served from: chunks, the manifest's publicPath and the standalone
    // page's scripts all point there, so the folder works from any static host (docs/decisions/058).
    const release = remoteName && production ? releaseTarget() : null;
    const publicPath = release ? release.publicUrl : configuredPublicPath;
    const standalonePath = release ? release.publicUrl : configuredStandalonePath;
    const outputPath = release ? release.outDir : path.join(dirname, 'dist');
    const filename = production ? hashedWhenKnown('assets/[name].[contenthash:10].js') : 'assets/[name].js';
    // The federation public path of a remote stays 'auto' (the host loads it from wherever it is deployed), but its
    // standalone page must load its script from an absolute path, or a deep link such as
    // /build/remotes/leads/lead-status/list asks for …/lead-status/assets/main.js.
    const htmlPublicPath = publicPath === 'auto' ? (production ? standalonePath ?? 'auto' : '/') : publicPath;
    const remote = Boolean(remoteName);
    const externalRuntime = remote && production;
    const config = {
      name,
      mode: production ? 'production' : 'development',
      context: dirname,
      entry: './src/index.ts',
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: outputPath,
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
          exposes,
          remotes: {},
          shared: remote ? sharedSingletons : { ...hostShared, ...hostProvidedShared },
          // A remote's manifest carries its version, commit and the @crm/shared range it needs, which the host checks
          // before mounting it (host/src/features/remotes/utils/shared-contract.ts).
          manifest: {
            fileName: 'mf-manifest.json',
            ...(remote ? { additionalData: remoteBuildInfo({ dirname, name, sharedVersion }) } : {}),
          },
          dts: false,
          // The host hands its runtime to the remotes (`provideExternalRuntime`, done with the plugin's ES build: the
          // option's own CommonJS one would bundle a second runtime-core into the host).
          ...(remote
            ? { experiments: { externalRuntime, optimization: FEDERATION_OPTIMIZATION } }
            : {
                runtimePlugins: [injectExternalRuntimePlugin(dirname), ...runtimePlugins],
                // What the host registers in the share scope is never replaced by a remote's equal version. With the
                // default ('version-first') a remote's registration of a module the host provides but has not loaded
                // yet wins the tie (the runtime prefers the later name, and 'remote_leads' > 'host'), so the leads
                // remote ran its own @crm/shared/lists and with it its own zod (docs/decisions/033).
                shareStrategy: 'loaded-first',
                experiments: { optimization: FEDERATION_OPTIMIZATION },
              }),
        }),
        new HtmlWebpackPlugin({
          template: path.join(__dirname, 'index.html'),
          title,
          // The pre-paint script, inlined byte for byte: the API allows it by its hash (docs/decisions/039).
          prepaint: fs.readFileSync(path.join(__dirname, 'prepaint.js'), 'utf8').trim(),
          // html-webpack-plugin's production defaults, but inline scripts left as they are: minifying the pre-paint
          // script would change the hash the Content-Security-Policy allows.
          minify: production
            ? {
                collapseWhitespace: true,
                keepClosingSlash: true,
                removeComments: true,
                removeRedundantAttributes: true,
                removeScriptTypeAttributes: true,
                removeStyleLinkTypeAttributes: true,
                useShortDoctype: true,
                minifyCSS: true,
                minifyJS: false,
              }
            : false,
          chunks: ['main'],
          publicPath: htmlPublicPath,
        }),
        // The @crm/shared version the host provides, compared with each remote's range (one source: shared/package.json).
        { apply: (compiler) => new compiler.webpack.DefinePlugin({ __CRM_SHARED_VERSION__: JSON.stringify(sharedVersion) }).apply(compiler) },
        ...(externalRuntime ? [new StandaloneRuntimeTag(`${htmlPublicPath}federation-runtime.js`)] : []),
      ],
      performance: { hints: false },
      // Keep `pnpm start` and CI logs readable: problems and the build time, not every module.
      stats: { preset: 'errors-warnings', timings: true },
      optimization: {
        moduleIds: 'deterministic',
        minimizer: [swcMinimizer(dirname)],
        // webpack 5.111 also minifies emitted HTML, inline scripts included; the pre-paint script must reach the page
        // byte for byte (the CSP allows it by hash), so index.html is left to html-webpack-plugin's minify above.
        minimizeOptions: { html: false },
      },
      // A release keeps its own cache: its public path differs from the everyday build's.
      cache: persistentCache(dirname, release ? 'release' : production ? 'production' : 'development'),
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
    return externalRuntime ? [config, standaloneRuntimeConfig({ dirname, name, outputPath })] : config;
  };
}

module.exports = { createConfig, sharedSingletons };
