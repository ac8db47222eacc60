// Debian's Chromium, never a downloaded browser, with the flags this network needs: without
// the background-networking ones Chromium dials out at start and is refused.
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/**
 * Debian's headless shell (package chromium-headless-shell): the same Chromium build, Blink and V8
 * without the desktop browser's windowing and display compositor, and what Playwright itself runs
 * for headless tests. The browser suite drives it: a page load costs it about half the CPU of
 * `chromium --headless`, and the suite's time is mostly the browser's CPU (docs/benchmarks.md,
 * "CI time", session 15). Benches that measure what a visitor's browser does keep CHROMIUM_PATH.
 * A machine with only Debian's `chromium` still runs the suite, on it (slower, the same results).
 */
export const HEADLESS_SHELL_PATH =
  process.env.HEADLESS_SHELL_PATH ||
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : CHROMIUM_PATH);
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
