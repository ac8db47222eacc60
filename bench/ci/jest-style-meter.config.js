// A front-end package's own Jest setup plus bench/ci/jest-style-meter.js: where a suite's CPU goes
// in jsdom's getComputedStyle, per test file, and who asked. Run from a front-end package:
//   METER_OUT=/tmp/meter.txt nice -n 19 node_modules/.bin/jest --config ../bench/ci/jest-style-meter.config.js [files]
// The test time limits are lifted (the machine is shared: a limit hit ends a test early and its
// CPU would not compare), so use it to measure, not to judge a suite.
const path = require('node:path');
const config = require('../../jest.base')(process.cwd());

module.exports = {
  ...config,
  setupFilesAfterEnv: [...config.setupFilesAfterEnv, path.join(__dirname, 'jest-style-meter.js')],
};
