// The side menu's entries by spec §6's table, in the menu's order (shell: menu-items.ts).

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
