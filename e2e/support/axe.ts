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
  const { violations } = await (within ? builder.include(within) : builder).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
