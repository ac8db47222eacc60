import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * The page's serious and critical accessibility findings as it is now, one line each: the label,
 * the rule and the elements it found. Empty when there are none. `within` limits the check to one
 * part of the page (the shell's `main`, for a screen without its frame).
 *
 * Only violations are gathered: axe otherwise also writes out a selector for every element of
 * every rule that passed, which is most of a sweep's time on a screen with a data grid, and which
 * nothing here reads (docs/benchmarks.md, "CI time", session 20).
 */
export async function seriousA11yFindings(page: Page, label: string, within?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  // Colours are judged as they end, not halfway through a fade: a control that turns enabled while
  // axe reads the page (the item list's export button, once its rows arrive) fades from grey to its
  // colour in 250 ms, and axe measured that grey as too faint. With transitions off, every change
  // lands at once.
  const still = await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; }',
  });
  const { violations } = await (within ? builder.include(within) : builder)
    .analyze()
    .finally(() => still.evaluate((style) => style.parentNode?.removeChild(style)));
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label}: ${v.id} (${v.impact}) ${v.nodes.map(describe).join(', ')}`);
}

/**
 * One element a rule found: its selector, then its markup and axe's reason. A generated class name
 * alone (".css-t5w051") does not say which control failed, or why, after the run is gone.
 */
function describe(node: { target: unknown[]; html: string; any: { message: string }[] }): string {
  const why = node.any.map((check) => check.message).join('; ');
  return `${node.target.join(' ')} ${node.html.slice(0, 240)}${why ? ` (${why})` : ''}`;
}
