// Shared by every front-end package's Jest run: jsdom lacks TextEncoder, which jose needs, and
// structuredClone, which MUI X Charts use (every browser has both).
const util = require('node:util');
globalThis.TextEncoder ??= util.TextEncoder;
globalThis.TextDecoder ??= util.TextDecoder;
const v8 = require('node:v8');
globalThis.structuredClone ??= (value) => v8.deserialize(v8.serialize(value));

// A screen's first render in a file loads its lazy chunk (compiled on the fly by @swc/jest); on a
// busy 2-core machine that alone can pass Testing Library's default 1 s for a findBy….
if (globalThis.TESTING_LIBRARY_REACT) require(globalThis.TESTING_LIBRARY_REACT).configure({ asyncUtilTimeout: 5000 });

// React's development build captures a stack trace for every element it creates (up to 10,000 a
// second), to print where a warned-about element was made. In jsdom that was about a tenth of a
// screen test's CPU (docs/benchmarks.md, "CI time", session 17). The count it checks is pinned at
// its limit, so React takes its "unknown owner" path: warnings still print, with a shorter stack,
// and nothing the tests assert on changes. If React drops the field, this does nothing.
if (globalThis.REACT) {
  const internals = require(globalThis.REACT).__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
  if (internals && 'recentlyCreatedOwnerStacks' in internals)
    Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', { get: () => 1e4, set() {} });
}
