// Resolves `@/…` (an app's own src/, as in its tsconfig paths and rspack alias) from the package
// of the importing file, so one Jest config serves every package, and a test that reads another
// package's files (shell/test/menu-screens.test.ts) resolves their aliases in their package.
const fs = require('node:fs');
const path = require('node:path');

function packageRoot(dir) {
  for (let current = dir; ; current = path.dirname(current)) {
    if (fs.existsSync(path.join(current, 'package.json'))) return current;
    if (path.dirname(current) === current) return dir;
  }
}

module.exports = (request, options) => {
  if (request.startsWith('@/')) {
    return options.defaultResolver(path.join(packageRoot(options.basedir), 'src', request.slice(2)), options);
  }
  // bwip-js's CommonJS build has only the all-symbologies API; the app imports the ES build's
  // per-symbology encoders (compiled like our sources, see transformIgnorePatterns).
  if (request === 'bwip-js/browser') {
    return options.defaultResolver(request, { ...options, conditions: ['import', 'default'] });
  }
  return options.defaultResolver(request, options);
};
