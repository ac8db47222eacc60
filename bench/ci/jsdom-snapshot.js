/* global document, beforeEach, expect -- a Jest setup file in jsdom */
// For bench/ci/jsdom-ab.config.js with JSDOM_SNAPSHOTS=<dir>: the page's DOM and style rules just
// before Testing Library's clean-up takes the test's container out of <body>, one JSON file each.
const fs = require('node:fs');
const path = require('node:path');

let count = 0;
function snapshot() {
  const rules = [];
  for (const sheet of document.styleSheets) for (const rule of sheet.cssRules) rules.push(rule.cssText);
  const page = document.documentElement.cloneNode(true);
  for (const style of page.querySelectorAll('style')) style.remove();
  const name = `${path.basename(expect.getState().testPath)}-${count++}.json`;
  fs.writeFileSync(path.join(process.env.JSDOM_SNAPSHOTS, name), JSON.stringify({ rules, html: page.outerHTML }));
}

beforeEach(() => {
  const body = document.body;
  const removeChild = body.removeChild;
  let taken = false;
  body.removeChild = function (child) {
    if (!taken && child.childElementCount) {
      taken = true;
      snapshot();
    }
    return removeChild.call(this, child);
  };
});
