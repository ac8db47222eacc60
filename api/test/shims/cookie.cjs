// Jest (on Node 20) cannot require() the ESM-only cookie@2 that light-my-request (fastify.inject) uses.
// cookie@1 is the same code published as CommonJS; resolve it through a package that depends on it.
const path = require('node:path');
const fs = require('node:fs');
const store = path.join(__dirname, '..', '..', '..', 'node_modules', '.pnpm');
const dir = fs.readdirSync(store).find((d) => /^cookie@1\./.test(d));
module.exports = require(path.join(store, dir, 'node_modules', 'cookie'));
