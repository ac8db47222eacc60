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
