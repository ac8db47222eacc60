const path = require('node:path');
const { createFederatedConfig } = require('../rspack.base');

module.exports = createFederatedConfig({
  dir: __dirname,
  role: 'host',
  runtimePlugins: [path.join(__dirname, 'src/mf/retry-plugin.ts')],
});
