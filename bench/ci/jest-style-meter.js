/* global window, document, afterEach, afterAll, expect -- a Jest setup file in jsdom */
// Jest setup file for bench/ci/jest-style-meter.config.js: counts jsdom's getComputedStyle calls
// and their CPU seconds per test file, by caller (user-event's pointer check, Testing Library's
// role queries, the accessible-name computation, jest-dom's matchers), and the file's whole CPU;
// one line per file appended to $METER_OUT.
const fs = require('node:fs');

// No time limits while measuring (a limit hit ends a test early, and its CPU would not compare).
require('./jest-no-time-limits.js');

const cpu = (since) => ((usage) => (usage.user + usage.system) / 1e6)(process.cpuUsage(since));
const fileStart = process.cpuUsage();
const compute = window.getComputedStyle;
const byCaller = {};
window.getComputedStyle = function getComputedStyle(element, pseudoElement) {
  const stack = new Error().stack ?? '';
  const caller = stack.includes('user-event')
    ? 'user-event'
    : stack.includes('dom-accessibility-api')
      ? 'name'
      : stack.includes('role-helpers')
        ? 'role'
        : stack.includes('jest-dom')
          ? 'jest-dom'
          : 'other';
  const start = process.cpuUsage();
  try {
    return compute.call(window, element, pseudoElement);
  } finally {
    const entry = (byCaller[caller] ??= { calls: 0, seconds: 0 });
    entry.calls++;
    entry.seconds += cpu(start);
  }
};

// Style rules on the page after each test: jsdom matches every one of them against an element.
const rules = [];
afterEach(() => rules.push([...document.styleSheets].reduce((sum, sheet) => sum + sheet.cssRules.length, 0)));

afterAll(() => {
  const parts = Object.entries(byCaller).map(
    ([who, { calls, seconds }]) => `${who} ${calls} calls ${seconds.toFixed(2)} s`,
  );
  const total = Object.values(byCaller).reduce((sum, { seconds }) => sum + seconds, 0);
  fs.appendFileSync(
    process.env.METER_OUT ?? 'jest-style-meter.txt',
    `${expect.getState().testPath}: file ${cpu(fileStart).toFixed(2)} CPU s, getComputedStyle ${total.toFixed(2)} (${parts.join(', ')}); style rules after each test ${rules.join(' ')}\n`,
  );
});
