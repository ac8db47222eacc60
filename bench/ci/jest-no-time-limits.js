// Lifts a front-end suite's time limits for a measuring run (bench/ci/jest-style-meter.config.js,
// bench/ci/jsdom-ab.config.js): on a shared machine a limit hit ends a test early, so its CPU would
// not compare. The suite's own limits (jest.setTimeout, Testing Library's asyncUtilTimeout) are set
// again by the test harnesses, so they are held here. To measure, not to judge a suite.
const path = require('node:path');

Object.defineProperty(globalThis, Symbol.for('TEST_TIMEOUT_SYMBOL'), { get: () => 3_600_000, set() {} });
const domConfig = require(
  path.join(path.dirname(globalThis.TESTING_LIBRARY_REACT), '..', '..', 'dom', 'dist', 'config.js'),
);
const configure = domConfig.configure;
domConfig.configure = (change) =>
  configure(
    typeof change === 'function'
      ? (old) => ({ ...change(old), asyncUtilTimeout: 600_000 })
      : { ...change, asyncUtilTimeout: 600_000 },
  );
domConfig.configure({});
