// A Jest transform of one file of Fastify's, lib/plugin-utils.js, for the API's tests only.
//
// Why: Fastify names every plugin registered without a name by scanning `require.cache` for a
// module whose exports are that function. Under Jest, `require.cache` is a proxy over the test
// file's module registry that turns each ES module's URL into a path and back on every read; with
// the app's ~2,000 modules and ~45 unnamed route plugins (two scans each), that was about 45 % of
// the CPU of every `testApp()` (docs/benchmarks.md, "CI time", session 12). Our plugins are ES
// modules, whose require.cache entry exports a namespace object, never the function, so the scan
// could never find them: the name was always the function's own (Fastify's next step), as it is
// here. Fastify already takes this path when there is no `require.cache` (a single executable
// application); this transform sends it there, and fails loudly if Fastify's code has changed.
const SCAN = 'const cache = require.cache';

module.exports = {
  process(source, filename) {
    if (!source.includes(SCAN))
      throw new Error(
        `${filename}: Fastify no longer reads require.cache as test/shims/fastify-plugin-names.cjs expects`,
      );
    return { code: source.replace(SCAN, 'const cache = undefined // test/shims/fastify-plugin-names.cjs') };
  },
};
