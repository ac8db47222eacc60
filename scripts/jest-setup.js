// Shared by every front-end package's Jest run: jsdom lacks TextEncoder, which jose needs.
const util = require('node:util');
globalThis.TextEncoder ??= util.TextEncoder;
globalThis.TextDecoder ??= util.TextDecoder;
