// One factory for every federated app (the shell and each remote). An app's own
// rspack.config.js passes its name, port and exposes; everything else lives here so that
// the loader setup and the shared-dependency policy are decided once.
const fs = require('node:fs');
const path = require('node:path');
const { createRequire } = require('node:module');

/**
 * The single shared-dependency policy (docs/architecture.md, "Module Federation").
 * Every entry is a singleton; versions come from the packages' own package.json files,
 * never from literals, so a remote built against a different minor version still
 * negotiates with the shell at run time.
 */
const SHARED_SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'react-router',
  'react-router-dom',
  // Whole-package keys, imported only from the package root (an ESLint rule holds that):
  // deep-path sharing let two builds' copies of one MUI context meet in a page.
  '@mui/material',
  // @mui/icons-material reaches MUI through @mui/material/SvgIcon; shared, so an icon in a remote uses
  // the shell's SvgIcon and theme defaults instead of a second copy of them.
  '@mui/material/SvgIcon',
  '@mui/system',
  '@emotion/react',
  '@emotion/styled',
  'zustand',
  '@tanstack/react-query',
  '@stockwise/shared',
];

/** Dev-server ports (`pnpm dev`); the API listens on 8081 behind them. */
const DEV_PORTS = {
  shell: 3000,
  'mfe-public': 3001,
  'mfe-workspace': 3002,
  'mfe-settings': 3003,
  'mfe-billing': 3004,
};
const REMOTE_APPS = ['mfe-public', 'mfe-workspace', 'mfe-settings', 'mfe-billing'];

/** remotes.json for `pnpm dev`: every remote from its own dev server. */
const devRemotes = () =>
  Object.fromEntries(
    REMOTE_APPS.map((app) => [containerName(app), `http://localhost:${DEV_PORTS[app]}/mf-manifest.json`]),
  );

/** The MF container name of a remote, as it appears in remotes.json (`mfe-billing` → `mfe_billing`). */
const containerName = (appName) => appName.replace(/-/g, '_');

/**
 * MUI X (the kit's data grid) imports MUI by deep paths (`@mui/material/Popper`,
 * `@mui/material/styles`, `@mui/system/RtlProvider`). MUI is shared as whole packages, so those
 * paths would bundle a second copy of MUI's components into the page (and fetch the shared
 * fallback's chunks). Each such request from inside `@mui/x-*` is pointed at a one-line module
 * that re-exports the shared package root instead: one MUI in the page. Written once per build
 * under the app's node_modules/.cache.
 */
function muiDeepImportsToRoot(rspack, appRequire, dir) {
  const shims = path.join(dir, 'node_modules', '.cache', 'stockwise-mui-x-shims');
  const roots = { '@mui/material': null, '@mui/system': null };
  const load = (pkg) => {
    try {
      return (roots[pkg] ??= appRequire(pkg));
    } catch {
      return null; // this app does not use MUI X
    }
  };
  // The deep module's default export, as named by the package root.
  const defaults = { '@mui/system/RtlProvider': 'RtlProvider', '@mui/system/createStyled': 'createStyled' };
  return new rspack.NormalModuleReplacementPlugin(/^@mui\/(material|system)\/[A-Za-z_]+$/, (data) => {
    if (!/[\\/]@mui[\\/]x-[a-z-]+[\\/]/.test(data.context ?? '')) return;
    const request = data.request;
    if (request === '@mui/material/SvgIcon') return; // shared under its own key
    const pkg = request.startsWith('@mui/material/') ? '@mui/material' : '@mui/system';
    const name = request.slice(pkg.length + 1);
    const root = load(pkg);
    if (!root) return;
    const defaultName = defaults[request] ?? (typeof root[name] !== 'undefined' ? name : null);
    const lines = [`export * from '${pkg}';`];
    if (defaultName) lines.push(`export { ${defaultName} as default } from '${pkg}';`);
    const file = path.join(shims, `${pkg.replace('/', '+')}+${name}.js`);
    fs.mkdirSync(shims, { recursive: true });
    const text = `${lines.join('\n')}\n`;
    if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== text) fs.writeFileSync(file, text);
    data.request = file;
  });
}

function packageVersion(appRequire, request) {
  // `react/jsx-runtime` belongs to `react`; `@mui/material/styles` to `@mui/material`.
  const parts = request.split('/');
  const pkg = request.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  return appRequire(`${pkg}/package.json`).version;
}

function sharedConfig(appRequire) {
  return Object.fromEntries(
    SHARED_SINGLETONS.map((request) => {
      const version = packageVersion(appRequire, request);
      const [major, minor] = version.split('.');
      return [
        request,
        {
          singleton: true,
          version,
          // Same major as the one this app was built and tested against.
          requiredVersion: major === '0' ? `^0.${minor}.0-0` : `^${major}.0.0-0`,
          strictVersion: false,
        },
      ];
    }),
  );
}

/**
 * @param {object} options
 * @param {string} options.dir            the app's folder (__dirname of its config)
 * @param {'host'|'remote'} options.role
 * @param {Record<string,string>} [options.exposes]
 * @param {string[]} [options.runtimePlugins] paths of MF runtime plugins (host only)
 */
function createFederatedConfig({ dir, role, exposes = {}, runtimePlugins = [] }) {
  const appRequire = createRequire(path.join(dir, 'package.json'));
  const { rspack } = appRequire('@rspack/core');
  const { ModuleFederationPlugin } = appRequire('@module-federation/enhanced/rspack');
  const pkg = appRequire('./package.json');

  return (env, argv) => {
    const production = argv.mode === 'production';
    const dev = !production;
    const plugins = [
      new ModuleFederationPlugin({
        name: containerName(pkg.name),
        filename: 'remoteEntry.js',
        exposes,
        // The shell knows no remote at build time: remotes.json is read at start.
        remotes: {},
        shared: sharedConfig(appRequire),
        shareStrategy: 'loaded-first',
        runtimePlugins,
        manifest: true,
        dts: false,
        // One federation runtime per page: the shell provides it and production remotes use
        // it instead of bundling their own copy (~35 KB gzip per remote entry). A remote's dev
        // server keeps its own so the remote still runs standalone.
        experiments: role === 'host' ? { provideExternalRuntime: true } : { externalRuntime: production },
      }),
      new rspack.HtmlRspackPlugin({
        template: path.join(__dirname, 'scripts', 'index.html'),
        templateParameters: { title: 'Stockwise' },
      }),
      muiDeepImportsToRoot(rspack, appRequire, dir),
      new rspack.DefinePlugin({
        'process.env.STOCKWISE_RELEASE': JSON.stringify(process.env.STOCKWISE_RELEASE || pkg.version),
        'process.env.STOCKWISE_API_URL': JSON.stringify(process.env.STOCKWISE_API_URL || ''),
        // Hosted Supabase Storage (both or neither; unset = the API's stand-in on the same origin).
        'process.env.STOCKWISE_SUPABASE_URL': JSON.stringify(process.env.STOCKWISE_SUPABASE_URL || ''),
        'process.env.STOCKWISE_SUPABASE_ANON_KEY': JSON.stringify(process.env.STOCKWISE_SUPABASE_ANON_KEY || ''),
      }),
    ];
    if (dev) {
      const ReactRefreshPlugin = appRequire('@rspack/plugin-react-refresh');
      plugins.push(new (ReactRefreshPlugin.ReactRefreshRspackPlugin || ReactRefreshPlugin)());
    }

    return {
      context: dir,
      mode: production ? 'production' : 'development',
      devtool: production ? 'source-map' : 'cheap-module-source-map',
      entry: { main: './src/index.ts' },
      output: {
        path: path.join(dir, 'dist'),
        // The shell is served at `/`; a remote lives wherever its CDN path is.
        publicPath: role === 'host' ? '/' : 'auto',
        uniqueName: containerName(pkg.name),
        filename: production ? '[name].[contenthash:10].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
        cssFilename: production ? '[name].[contenthash:10].css' : '[name].css',
        cssChunkFilename: production ? '[name].[contenthash:10].css' : '[name].css',
        assetModuleFilename: production ? 'assets/[name].[contenthash:10][ext]' : 'assets/[name][ext]',
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.jsx', '.json'],
        // `@/…` is this app's src/ (tsconfig paths; scripts/jest-resolver.js for Jest); the module
        // rules below give another app's files their own src/ when one build compiles several.
        alias: { '@': path.join(dir, 'src') },
      },
      module: {
        rules: [
          {
            test: /\.[jt]sx?$/,
            exclude: /node_modules/,
            loader: 'builtin:swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: dev, refresh: dev } },
              },
              env: { targets: 'chrome >= 111, edge >= 111, firefox >= 114, safari >= 16.4' },
            },
          },
          // Another app's sources compiled into this build (bench/bundle's one-bundle build) keep
          // their own `@/`.
          ...['shell', ...REMOTE_APPS].map((app) => ({
            include: path.join(__dirname, app, 'src'),
            resolve: { alias: { '@': path.join(__dirname, app, 'src') } },
          })),
          { test: /\.css$/, type: 'css/auto' },
          // .wasm too: the camera's barcode reader (zxing-wasm) is served from our own origin, not a CDN.
          { test: /\.(woff2?|png|svg|jpe?g|webp|wasm)$/, type: 'asset/resource' },
        ],
      },
      optimization: { minimize: production },
      performance: { hints: false },
      plugins,
      devServer: {
        port: DEV_PORTS[pkg.name],
        hot: true,
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        // The API (and the storage and OIDC stand-ins) run beside the dev servers.
        proxy: [
          {
            context: ['/api', '/storage', '/oidc'],
            target: process.env.STOCKWISE_DEV_API || 'http://localhost:8081',
          },
        ],
        setupMiddlewares: (middlewares) => [
          {
            name: 'remotes-json',
            path: '/remotes.json',
            middleware: (_req, res) => {
              res.setHeader('Cache-Control', 'no-cache');
              res.setHeader('Content-Type', 'application/json');
              res.end(JSON.stringify(devRemotes()));
            },
          },
          ...middlewares,
        ],
      },
    };
  };
}

/**
 * The Node build of a remote's `src/prerender.tsx` (scripts/prerender.mjs): the same sources,
 * loaders, aliases and defines as its browser build, without federation or HTML — one process
 * renders the remote's public pages with its own copies of React and MUI at build time.
 * @param {object} options
 * @param {string} options.dir     the app's folder
 * @param {string} options.outDir  where the Node bundle goes (not the app's dist/)
 */
function createPrerenderConfig({ dir, outDir }) {
  const browser = createFederatedConfig({ dir, role: 'remote' })({}, { mode: 'production' });
  return {
    context: dir,
    mode: 'production',
    target: 'node',
    devtool: false,
    entry: { prerender: './src/prerender.tsx' },
    output: {
      path: outDir,
      filename: '[name].js',
      chunkFilename: '[name].js',
      library: { type: 'commonjs2' },
      clean: true,
    },
    resolve: browser.resolve,
    module: browser.module,
    optimization: { minimize: false },
    performance: { hints: false },
    plugins: browser.plugins.filter((p) => !/ModuleFederation|HtmlRspack/.test(p.constructor.name)),
  };
}

module.exports = {
  createFederatedConfig,
  createPrerenderConfig,
  SHARED_SINGLETONS,
  REMOTE_APPS,
  DEV_PORTS,
  containerName,
};
