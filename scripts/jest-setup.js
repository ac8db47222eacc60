// Shared by every front-end package's Jest run: jsdom lacks TextEncoder, which jose needs, and
// structuredClone, which MUI X Charts use (every browser has both).
const util = require('node:util');
globalThis.TextEncoder ??= util.TextEncoder;
globalThis.TextDecoder ??= util.TextDecoder;
const v8 = require('node:v8');
globalThis.structuredClone ??= (value) => v8.deserialize(v8.serialize(value));
