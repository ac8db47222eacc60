// The front-end packages' Jest environment on a jsdom of one's choice, for bench/ci/jsdom-ab.config.js:
// JSDOM_PATH names a jsdom package directory (another version, or the unpatched 26.1.0 of
// node_modules/.pnpm); unset, it is the one jest-environment-jsdom uses (the patched one).
const path = require('node:path');

const from = path.dirname(require.resolve('jest-environment-jsdom', { paths: [process.cwd()] }));
const Abstract = require(require.resolve('@jest/environment-jsdom-abstract', { paths: [from] })).default;
const jsdom = require(process.env.JSDOM_PATH || require.resolve('jsdom', { paths: [from] }));

module.exports = class ChosenJsdomEnvironment extends Abstract {
  constructor(config, context) {
    super(config, context, jsdom);
  }
};
