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
  return options.defaultResolver(request, options);
};
