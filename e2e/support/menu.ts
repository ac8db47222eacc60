// The side menu's entries by spec §6's table, in the menu's order (shell: menu-items.ts), and
// following one of its links as a person does.
import { expect, type Page } from '@playwright/test';

/**
 * The Actions group's stock-takes and loans: counted and lent by stock.count and items.lend holders
 * (Company Owner, Admin, Storekeeper) and read by report readers — a Storekeeper's Actions.
 */
export const STOCKTAKE_LINKS = ['Stock-takes', 'Quantity Stock', 'Loans'];
/** The Actions group's purchase orders: written by who buys (purchasing.manage: Owner, Admin, Storekeeper). */
export const PURCHASING_LINKS = ['Purchase Orders'];
/** The Reporting group's links: Company Owner, Admin, Storekeeper. */
export const REPORTING_LINKS = [
  'Item List',
  'Item Inventory',
  'Warranty List',
  'To Reorder',
  'Edit Item',
  'Item History',
];
/** The Account Management group's links: Company Owner, Admin, Account Manager. */
export const ACCOUNT_LINKS = ['Vendors/Customers', 'History'];

/** The links a user of no owner/admin role sees: My Tasks, what their groups give, Support. */
export const menuLinks = (...groups: string[][]) => ['My Tasks', ...groups.flat(), 'Send us a message'];

/**
 * Follows a link inside one of the drawer's collapsible entries (Settings → Company → Security),
 * opening the entry first if it is closed. The click waits until the entry has finished opening:
 * while its links slide open the drawer's list grows and may scroll under the pointer, and a click
 * aimed at the link in that moment landed beside it (twice in CI, the page never left). A person
 * clicks what they see once it has stopped moving.
 */
export async function followDrawerLink(page: Page, entry: string, link: string) {
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  const toggle = menu.getByRole('button', { name: entry, exact: true });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const links = page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`);
  await expect(links).toHaveClass(/MuiCollapse-entered/);
  await menu.getByRole('link', { name: link, exact: true }).click();
}
