const { createFederatedConfig } = require('../rspack.base');

module.exports = createFederatedConfig({
  dir: __dirname,
  role: 'remote',
  // The one place this remote lists what it exposes.
  exposes: { './routes': './src/routes.tsx', './screens': './src/screens.ts' },
});
