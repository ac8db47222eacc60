// One lint setup for the whole repository (run by `npm test`).
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import rspackBase from './rspack.base.js';

const root = import.meta.dirname;

// Import boundaries (bulletproof-react's zones), per federated app:
//   shared folders (components, hooks, lib, api, i18n, mf, …) → features → app layer,
// never sideways between features and never upwards. An app's layer is src/app/ and the files at
// the top of src/ (index, bootstrap, App, routes, screens).
const APPS = ['shell', 'mfe-public', 'mfe-workspace', 'mfe-settings', 'mfe-billing'];
const APP_LAYER = ['app', 'index.ts', 'bootstrap.tsx', 'App.tsx', 'routes.tsx', 'screens.ts'];
const SHARED_FOLDERS = ['api', 'components', 'hooks', 'lib', 'i18n', 'mf', 'types', 'utils', 'config'];

function zonesOf(app) {
  const src = `./${app}/src`;
  const featuresDir = path.join(root, app, 'src', 'features');
  const features = fs.existsSync(featuresDir) ? fs.readdirSync(featuresDir) : [];
  const appLayer = APP_LAYER.map((entry) => `${src}/${entry}`);
  return [
    ...features.map((feature) => ({
      target: `${src}/features/${feature}`,
      from: `${src}/features`,
      except: [`./${feature}`],
      message:
        'A feature never imports another feature: move what both need to a shared folder, or compose them in app/.',
    })),
    { target: `${src}/features`, from: appLayer, message: 'Features never import from the app layer.' },
    {
      target: SHARED_FOLDERS.map((folder) => `${src}/${folder}`),
      from: [`${src}/features`, ...appLayer],
      message: 'Shared folders never import from features or the app layer.',
    },
  ];
}

// The API: a module is used by others only through its index.ts (its public face), so a module's
// insides can change without touching its neighbours. Its routes.ts (the HTTP plugin) is mounted by
// app.ts alone: an index never re-exports routes, so using a module's service never pulls in its
// routes and everything they import (how the import cycles came about). The lazily loaded
// development stand-in (oidc/provider.ts) is the one named exception. Inside a module the layers
// point one way: routes → service → queries. vocabulary.ts is a leaf: it imports nothing of ours.
const API_MODULES = fs.readdirSync(path.join(root, 'api', 'src', 'modules'));
const API_OUTSIDE_MODULES = fs
  .readdirSync(path.join(root, 'api', 'src'))
  .filter((entry) => entry !== 'modules' && entry !== 'app.ts')
  .map((entry) => `./api/src/${entry}`);
const apiModuleDir = (module) => `./api/src/modules/${module}`;
const apiHas = (module, file) => fs.existsSync(path.join(root, 'api', 'src', 'modules', module, file));
const apiZones = [
  ...API_MODULES.flatMap((module) => [
    {
      target: [...API_MODULES.filter((m) => m !== module).map(apiModuleDir), ...API_OUTSIDE_MODULES],
      from: apiModuleDir(module),
      except: module === 'oidc' ? ['./index.ts', './provider.ts'] : ['./index.ts'],
      message: `Use the ${module} module through its index.ts, its public face.`,
    },
    {
      target: './api/src/app.ts',
      from: apiModuleDir(module),
      except: ['./index.ts', './routes.ts'],
      message: `app.ts mounts the ${module} module's routes.ts and uses its index.ts, nothing else of it.`,
    },
    ...(apiHas(module, 'queries.ts')
      ? [
          {
            target: `${apiModuleDir(module)}/queries.ts`,
            from: [`${apiModuleDir(module)}/routes.ts`, `${apiModuleDir(module)}/service.ts`],
            message: 'Queries (SQL) are the bottom layer: they never import the service or the routes.',
          },
        ]
      : []),
    ...(apiHas(module, 'service.ts')
      ? [
          {
            target: `${apiModuleDir(module)}/service.ts`,
            from: `${apiModuleDir(module)}/routes.ts`,
            message: 'A service holds the rules, not HTTP: it never imports the routes.',
          },
        ]
      : []),
  ]),
  {
    target: './api/src/vocabulary.ts',
    from: './api/src',
    except: ['./vocabulary.ts'],
    message: 'vocabulary.ts is a leaf (shared words only): it imports nothing of ours.',
  },
];

const RESTRICTED_IMPORTS = [
  {
    group: ['@mui/material/*', '@mui/system/*'],
    message: 'Import from the package root (one way to import MUI; each build tree-shakes it, rspack.base.js).',
  },
  {
    group: ['@stockwise/shared/*'],
    message: 'Import from @stockwise/shared itself: its index is the federation singleton’s public face.',
  },
  {
    group: ['mfe-*', '**/mfe-*/**', 'shell', '**/shell/src/**'],
    message: 'Remotes never import each other or the shell; use the URL, the API or @stockwise/shared.',
  },
];

/**
 * The browser gets React Router as the shared subset of rspack.base.js (ROUTER_EXPORTS): any
 * other export would be undefined at run time, so it fails lint instead.
 */
const routerImports = (allowed = rspackBase.ROUTER_EXPORTS) => [
  {
    name: 'react-router-dom',
    allowImportNames: allowed,
    message: `The shared router has ${allowed.join(', ')} (ROUTER_EXPORTS in rspack.base.js; growing it is a shell release first).`,
  },
  { name: 'react-router', message: 'Import from react-router-dom: the shared router subset (rspack.base.js).' },
];
const ROUTER_IMPORTS = routerImports();
// Jest renders screens outside the browser build, with the whole React Router.
const TEST_ROUTER_IMPORTS = routerImports([...rspackBase.ROUTER_EXPORTS, 'MemoryRouter']);
const APP_PATTERNS = [
  ...RESTRICTED_IMPORTS,
  { group: ['../../*'], message: 'Use the @/ alias (the app’s src/) instead of ../../.' },
];
const PACKAGE_PATTERNS = [
  ...RESTRICTED_IMPORTS,
  { group: ['@/*'], message: 'A package consumed by every app uses relative imports, not the @/ alias.' },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/coverage/**',
      '.data/**',
      'e2e/.artifacts/**',
      'shared/src/api/types.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{js,cjs,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['shell/**/*.{ts,tsx}', 'mfe-*/**/*.{ts,tsx}', 'shared/**/*.{ts,tsx}', 'kit/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      // Parse TypeScript dependencies too (no-cycle follows them), resolve `@/` per package.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [...APPS, 'shared', 'kit'].map((pkg) => path.join(root, pkg, 'tsconfig.json')),
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: RESTRICTED_IMPORTS, paths: ROUTER_IMPORTS }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: APPS.flatMap(zonesOf) }],
    },
  },
  {
    files: ['api/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: path.join(root, 'api', 'tsconfig.json') })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: apiZones }],
    },
  },
  {
    // No import cycle anywhere: beside the apps, shared, kit and the API's sources (above), the
    // API's tests and scripts, the end-to-end suite and every Node script or config of the repo.
    files: ['api/test/**/*.ts', 'api/scripts/**/*.ts', 'e2e/**/*.ts', '**/*.{js,cjs,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['api', 'e2e'].map((pkg) => path.join(root, pkg, 'tsconfig.json')),
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // API layers: SQL lives in a module's queries.ts (or a *-queries.ts beside the flow it
    // serves); routes and services call named functions taking a Queryable, never the driver.
    files: ['api/src/modules/**/*.ts'],
    ignores: ['api/src/modules/**/queries.ts', 'api/src/modules/**/*-queries.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='query']",
          message: "SQL belongs in the module's queries.ts: call a named query function there.",
        },
        {
          selector: "TaggedTemplateExpression[tag.name='sql']",
          message: "SQL belongs in the module's queries.ts: call a named query function there.",
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/db/query-builder*', '**/db/pglite*', '**/db/postgres*', 'kysely', 'pg', '@electric-sql/*'],
              message: "Only a module's queries.ts reaches the SQL builder or a driver.",
            },
          ],
        },
      ],
    },
  },
  {
    // Inside an app, `@/…` instead of climbing out of a folder (`../../…`).
    files: ['shell/src/**/*.{ts,tsx}', 'mfe-*/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: APP_PATTERNS,
          paths: ROUTER_IMPORTS,
        },
      ],
      // Field rules several forms share live once, in @stockwise/shared (validation/fields.ts).
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.type='CallExpression'][callee.property.name='email']",
          message: 'Use EMAIL_PATTERN from @stockwise/shared: one email rule for every form.',
        },
      ],
    },
  },
  {
    // A screen stays small enough to read whole: past 300 lines it is split by meaning (a dialog,
    // a table's columns, a hook) into its feature's components/hooks/lib. Every line counts, as
    // `wc -l` counts them, so the lint and a look at the file agree.
    files: [
      'shell/src/**/routes/*.tsx',
      'mfe-*/src/**/routes/*.tsx',
      'shell/src/**/*Page.tsx',
      'mfe-*/src/**/*Page.tsx',
    ],
    rules: { 'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }] },
  },
  {
    // A remote's build-time renderer (scripts/prerender.mjs builds it for Node) reaches the
    // renderer in @stockwise/shared by path: it is not part of the singleton a browser loads.
    files: ['mfe-*/src/prerender.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: RESTRICTED_IMPORTS.filter((pattern) => !pattern.group.includes('@stockwise/shared/*')),
          paths: ROUTER_IMPORTS,
        },
      ],
    },
  },
  {
    // Packages consumed as source by every app: `@/` would mean the consumer's src/ there.
    files: ['shared/**/*.{ts,tsx}', 'kit/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: PACKAGE_PATTERNS,
          paths: ROUTER_IMPORTS,
        },
      ],
    },
  },
  {
    // The build-time renderer runs in Node with the whole React Router, never the shared subset.
    files: ['shared/src/prerender/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: PACKAGE_PATTERNS,
          paths: routerImports([...rspackBase.ROUTER_EXPORTS, 'StaticRouter']),
        },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/test/**/*.{ts,tsx}', 'e2e/**/*.{ts,mjs}'],
    languageOptions: { globals: { ...globals.jest, ...globals.node } },
  },
  {
    files: ['shell/test/**/*.{ts,tsx}', 'mfe-*/test/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: RESTRICTED_IMPORTS, paths: TEST_ROUTER_IMPORTS }] },
  },
  {
    files: ['shared/test/**/*.{ts,tsx}', 'kit/test/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: PACKAGE_PATTERNS, paths: TEST_ROUTER_IMPORTS }] },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
