// The one Jest setup of the front-end packages: @swc/jest (any TypeScript version), jsdom,
// Testing Library. A package's jest.config.js is `module.exports = require('../jest.base')(__dirname)`.
const path = require('node:path');

function optional(request, dir) {
  try {
    return [require.resolve(request, { paths: [dir] })];
  } catch {
    return [];
  }
}

module.exports = (dir, overrides = {}) => ({
  rootDir: dir,
  testEnvironment: 'jsdom',
  transform: {
    '^.+\\.(m?js|[jt]sx?)$': [
      require.resolve('@swc/jest', { paths: [dir] }),
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
        },
      },
    ],
  },
  // Workspace packages are linked, not installed: compile their TypeScript sources too.
  transformIgnorePatterns: ['/node_modules/\\.pnpm/(?!(jose|@stockwise|bwip-js)[@+])'],
  // `@/…` is the importing package's src/ (tsconfig paths, rspack alias).
  resolver: path.join(__dirname, 'scripts', 'jest-resolver.js'),
  moduleNameMapper: {
    '\\.(css|png|svg|woff2?|wasm)$': path.join(__dirname, 'scripts', 'jest-file-stub.js'),
    // The kit's barcodes import bwip-js's ES module, which exports each symbology on its own (the
    // bundle keeps only Code 128 and QR); its CommonJS build, Jest's default, has only toSVG.
    '^bwip-js/browser$': path.join(__dirname, 'kit', 'node_modules', 'bwip-js', 'dist', 'bwip-js.mjs'),
  },
  // Where the package's Testing Library and React are, for scripts/jest-setup.js.
  globals: {
    TESTING_LIBRARY_REACT: optional('@testing-library/react', dir)[0] ?? null,
    REACT: optional('react', dir)[0] ?? null,
  },
  setupFilesAfterEnv: [path.join(__dirname, 'scripts', 'jest-setup.js'), ...optional('@testing-library/jest-dom', dir)],
  testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}', '<rootDir>/test/**/*.test.{ts,tsx}'],
  ...overrides,
});
