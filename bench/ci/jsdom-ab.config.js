// Two jsdoms compared on the same test files, the time limits lifted (bench/ci/jest-no-time-limits.js):
// one config for both sides, so Jest's transform cache serves both alike. From a front-end package:
//   JSDOM_PATH=<jsdom dir> /usr/bin/time node_modules/.bin/jest --runInBand --config ../bench/ci/jsdom-ab.config.js <files>
// JSDOM_SNAPSHOTS=<dir> also writes each test's DOM and style rules there just before its clean-up,
// for bench/ci/jsdom-style-compare.cjs.
const path = require('node:path');
const config = require('../../jest.base')(process.cwd());

module.exports = {
  ...config,
  testEnvironment: path.join(__dirname, 'jsdom-ab-environment.js'),
  setupFilesAfterEnv: [
    ...config.setupFilesAfterEnv,
    path.join(__dirname, 'jest-no-time-limits.js'),
    ...(process.env.JSDOM_SNAPSHOTS ? [path.join(__dirname, 'jsdom-snapshot.js')] : []),
  ],
};
