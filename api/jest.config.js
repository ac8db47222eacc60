// ESM TypeScript through @swc/jest. One PGlite per worker (see test/helpers.ts), so few workers.
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      { jsc: { target: 'es2022', parser: { syntax: 'typescript' } }, module: { type: 'es6' } },
    ],
    // Fastify's plugin naming without its scan of require.cache (slow under Jest: see the file).
    '/fastify/lib/plugin-utils\\.js$': '<rootDir>/test/shims/fastify-plugin-names.cjs',
  },
  // node_modules stay untransformed, but for that one file of Fastify's.
  transformIgnorePatterns: ['^(?!.*/fastify/lib/plugin-utils\\.js$).*/node_modules/'],
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1',
    // ESM-only packages that CommonJS dependencies require() (fine on Node 20.19, not in Jest's runtime).
    '^cookie$': '<rootDir>/test/shims/cookie.cjs',
    '^content-disposition$': '<rootDir>/test/shims/content-disposition.cjs',
  },
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  setupFiles: [
    '<rootDir>/test/worker-database.ts',
    '<rootDir>/test/password-cost.ts',
    '<rootDir>/test/schema-compile.ts',
  ],
  maxWorkers: 2,
  testTimeout: 60000,
};
