// One factory for every federated app (the shell and each remote). An app's own
// rspack.config.js passes its name, port and exposes; everything else lives here so that
// the loader setup and the shared-dependency policy are decided once.
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
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
  // What every app imports (react-router-dom), shared as the platform's router subset (below).
  'react-router-dom',
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

/**
 * `zod` → scripts/browser/zod-jitless.js, which imports this app's own zod (its ES module build,
 * the one @hookform/resolvers also gets) and turns the JIT off before any schema runs: the
 * CSP refuses the `new Function` probe it would make.
 */
const zodWithoutJit = (dir) => {
  let zodDir;
  try {
    zodDir = path.dirname(require.resolve('zod/package.json', { paths: [dir] }));
  } catch {
    return {}; // an app without zod
  }
  return {
    zod$: path.join(__dirname, 'scripts', 'browser', 'zod-jitless.js'),
    'zod-without-config$': path.join(zodDir, 'index.js'),
  };
};

/** The MF container name of a remote, as it appears in remotes.json (`mfe-billing` → `mfe_billing`). */
const containerName = (appName) => appName.replace(/-/g, '_');

/**
 * MUI is not shared as a package (issue 14): each build bundles, tree-shaken, the MUI components
 * it uses. What components from two builds meet through must still be one object per page, so
 * every MUI module that creates a React context (FormControlContext, ListContext, TableContext,
 * the default-props and RTL providers, the colour-scheme context of ThemeProviderWithVars, …) or
 * holds page-wide state (the modal manager of useModal) is shared on its own, as a singleton
 * matched by the file it resolves to: a relative import inside MUI (`./FormControlContext.mjs`)
 * is consumed from the share scope like a package import. The list is read from the installed
 * packages, so an upgrade that adds a context shares it without an edit here.
 * (The theme itself reaches every build through @emotion/react's ThemeContext: shared above.)
 */
const MUI_STATE_PACKAGES = ['@mui/material', '@mui/system', '@mui/private-theming', '@mui/utils'];
const MUI_STATE_PATTERN = /\b(?:createContext|createCssVarsProvider)\(|\bnew ModalManager\(/;

function filesUnder(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(full);
    return entry.name.endsWith('.mjs') ? [full] : [];
  });
}

const muiStateCache = new Map();
/**
 * @returns {{ file: string, shareKey: string, version: string }[]} MUI's context and state
 *   modules as this app resolves them (real paths: what the bundler matches), ESM files only.
 */
function muiStateModules(appRequire) {
  let requireFrom = appRequire;
  const dirs = [];
  for (const pkg of MUI_STATE_PACKAGES) {
    let dir;
    try {
      dir = path.dirname(fs.realpathSync(requireFrom.resolve(`${pkg}/package.json`)));
    } catch {
      if (pkg === '@mui/material') return []; // this app does not use MUI
      dir = dirs.map(([, d]) => d).find((d) => fs.existsSync(path.join(d, '..', '..', pkg)));
      dir = dir && path.dirname(fs.realpathSync(path.join(dir, '..', '..', pkg, 'package.json')));
      if (!dir) throw new Error(`${pkg} not found next to @mui/material`);
    }
    dirs.push([pkg, dir]);
    requireFrom = createRequire(path.join(dir, 'package.json'));
  }
  const cacheKey = dirs.map(([, d]) => d).join('|');
  if (!muiStateCache.has(cacheKey)) {
    muiStateCache.set(
      cacheKey,
      dirs.flatMap(([pkg, dir]) => {
        const { version } = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
        return filesUnder(dir)
          .filter((file) => MUI_STATE_PATTERN.test(fs.readFileSync(file, 'utf8')))
          .map((file) => ({
            file,
            shareKey: `${pkg}/${path
              .relative(dir, file)
              .split(path.sep)
              .join('/')
              .replace(/\.mjs$/, '')}`,
            version,
          }));
      }),
    );
  }
  return muiStateCache.get(cacheKey);
}

/** The share keys of MUI's context and state modules, as the shell resolves them (for the e2e suite). */
const muiStateShareKeys = () =>
  muiStateModules(createRequire(path.join(__dirname, 'shell', 'package.json'))).map((m) => m.shareKey);

/**
 * React Router as the platform uses it (issue 14). Shared whole, React Router 7 is one 62 KB gzip
 * module (data routers, fetchers, server rendering, turbo-stream) in every first visit; the
 * routing the shell and the remotes use is these exports, 14 KB gzip once tree-shaken. The shared
 * `react-router-dom` singleton is a module that re-exports only them (written under the app's
 * node_modules/.cache, importing React Router's ES module by its path so that it is not itself
 * consumed from the share scope). Lint refuses any other import from react-router-dom
 * (eslint.config.mjs: the bundler cannot see through a shared module's exports), so a remote never
 * meets a router that lacks what it needs; growing this list is a shell release first
 * (docs/deploying.md).
 */
const ROUTER_EXPORTS = [
  'BrowserRouter',
  'Link',
  'Navigate',
  'Route',
  'Routes',
  'useLocation',
  'useNavigate',
  'useSearchParams',
];

function routerSubset(appRequire, dir) {
  const pkgDir = path.dirname(fs.realpathSync(appRequire.resolve('react-router/package.json')));
  const { exports } = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
  const esm = path.join(pkgDir, exports['.'].import.default);
  const file = path.join(dir, 'node_modules', '.cache', 'stockwise-router', 'react-router-dom.js');
  const text = `export { ${ROUTER_EXPORTS.join(', ')} } from ${JSON.stringify(esm)};\n`;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== text) fs.writeFileSync(file, text);
  return file;
}

function packageVersion(appRequire, request) {
  // `react/jsx-runtime` belongs to `react`; `@mui/material/styles` to `@mui/material`.
  const parts = request.split('/');
  const pkg = request.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  return appRequire(`${pkg}/package.json`).version;
}

/** Same major as the one this app was built and tested against. */
function singletonOf(version) {
  const [major, minor] = version.split('.');
  return {
    singleton: true,
    version,
    requiredVersion: major === '0' ? `^0.${minor}.0-0` : `^${major}.0.0-0`,
    strictVersion: false,
  };
}

function sharedConfig(appRequire, dir) {
  return {
    ...Object.fromEntries(
      SHARED_SINGLETONS.map((request) => [request, singletonOf(packageVersion(appRequire, request))]),
    ),
    'react-router-dom': {
      ...singletonOf(packageVersion(appRequire, 'react-router')),
      import: routerSubset(appRequire, dir),
    },
    // An absolute path as the key matches the modules that resolve to that file.
    ...Object.fromEntries(
      muiStateModules(appRequire).map(({ file, shareKey, version }) => [file, { ...singletonOf(version), shareKey }]),
    ),
  };
}

/**
 * The shell's service worker (shell/src/service-worker/sw.ts, docs/architecture.md "The offline
 * shell"), production builds only: compiled as `sw.js` with the list of the shell's own files to
 * precache written into it (Workbox's InjectManifest). Only what a page load needs is precached —
 * the document, scripts and style sheets; fonts and images are cached as they are used, and the
 * remotes (other builds, deployed on their own) are cached at run time by the worker's routes.
 */
function offlineWorker(appRequire, dir) {
  const { InjectManifest } = appRequire('@aaroon/workbox-rspack-plugin');
  return new InjectManifest({
    swSrc: path.join(dir, 'src', 'service-worker', 'sw.ts'),
    swDest: 'sw.js',
    include: [/\.(?:js|css|html)$/],
    // The federation manifests are read by tools, not by a page load.
    exclude: [/\.map$/, /^mf-/, /\.json$/],
  });
}

/**
 * A production build's text files (scripts, styles, manifests, the barcode reader's WebAssembly)
 * written beside themselves compressed once, as `.br` and `.gz`: the gateway sends those
 * (@fastify/static's preCompressed) instead of compressing the same file again for every request,
 * which was half its CPU in the browser suite (docs/benchmarks.md, "CI time", session 20), and a
 * CDN that serves precompressed files can send them as they are. Brotli at quality 10: an eighth
 * smaller than the gateway's quality 4 made per request, at about a third of quality 11's build
 * time for 2 % more bytes. Files under 1 KB, or that would not shrink by a fifth, are left alone.
 */
function precompressed() {
  const CompressionPlugin = require('compression-webpack-plugin');
  const files = { test: /\.(?:js|css|json|svg|html|wasm)$/, threshold: 1024, minRatio: 0.8 };
  const brotli = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 10 } };
  return [
    new CompressionPlugin({
      ...files,
      algorithm: 'brotliCompress',
      filename: '[path][base].br',
      compressionOptions: brotli,
    }),
    new CompressionPlugin({
      ...files,
      algorithm: 'gzip',
      filename: '[path][base].gz',
      compressionOptions: { level: 9 },
    }),
  ];
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
    const muiStateFiles = new Set(muiStateModules(appRequire).map((m) => m.file));
    const dev = !production;
    const plugins = [
      new ModuleFederationPlugin({
        name: containerName(pkg.name),
        filename: 'remoteEntry.js',
        exposes,
        // The shell knows no remote at build time: remotes.json is read at start.
        remotes: {},
        shared: sharedConfig(appRequire, dir),
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
      // The product mark (StockwiseMark's drawing) as the tab icon, linked from the template: the SVG
      // for browsers that draw it, favicon.ico (the same mark, 16/32/48 px) for the rest and for
      // whatever asks /favicon.ico without reading a page (a JSON answer opened in a tab, bookmarks).
      new rspack.CopyRspackPlugin({
        patterns: ['favicon.svg', 'favicon.ico'].map((file) => ({ from: path.join(__dirname, 'scripts', file) })),
      }),
      new rspack.DefinePlugin({
        'process.env.STOCKWISE_RELEASE': JSON.stringify(process.env.STOCKWISE_RELEASE || pkg.version),
        'process.env.STOCKWISE_API_URL': JSON.stringify(process.env.STOCKWISE_API_URL || ''),
        // Hosted Supabase Storage (both or neither; unset = the API's stand-in on the same origin).
        'process.env.STOCKWISE_SUPABASE_URL': JSON.stringify(process.env.STOCKWISE_SUPABASE_URL || ''),
        'process.env.STOCKWISE_SUPABASE_ANON_KEY': JSON.stringify(process.env.STOCKWISE_SUPABASE_ANON_KEY || ''),
      }),
    ];
    if (role === 'host' && production) plugins.push(offlineWorker(appRequire, dir));
    if (production) plugins.push(...precompressed());
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
        alias: { '@': path.join(dir, 'src'), ...zodWithoutJit(dir) },
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
      optimization: {
        minimize: production,
        splitChunks: {
          cacheGroups: {
            // MUI's shared context and state modules (a few KB together) as one file, not one
            // request each.
            muiState: {
              test: (module) => muiStateFiles.has(module.resource),
              name: 'mui-state',
              chunks: 'async',
              enforce: true,
            },
          },
        },
      },
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
    // A Node bundle run once at build time: no federation, no document, nothing to precompress.
    plugins: browser.plugins.filter((p) => !/ModuleFederation|HtmlRspack|Compression/.test(p.constructor.name)),
  };
}

module.exports = {
  createFederatedConfig,
  createPrerenderConfig,
  SHARED_SINGLETONS,
  muiStateShareKeys,
  ROUTER_EXPORTS,
  REMOTE_APPS,
  DEV_PORTS,
  containerName,
};
