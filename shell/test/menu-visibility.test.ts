import { accessView, i18n, ROLES, type Permission, type ScreenTable } from '@stockwise/shared';
import { buildMenu, itemsOf, visibleMenu, type MenuEntry } from '../src/features/navigation';
import '../src/i18n';
import { accessFor } from '../../shared/test/built-in-access';
import { remoteTables } from './helpers';

// The drawer built from the four remotes' screen tables, filtered by what GET /api/access answers:
// with the built-in roles as a new company has them it is exactly the product's menu table; an
// owner's edit of a role's claims changes it.

let menu: MenuEntry[];
beforeAll(async () => {
  const tables: ScreenTable[] = await remoteTables();
  menu = buildMenu(tables);
});

const text = (entry: MenuEntry) => i18n.t(entry.title, { ns: entry.ns });
type Edit = { give?: Permission[]; take?: Permission[] };
const seen = (roles: string[], edit?: Edit) => visibleMenu(menu, accessView(accessFor(roles, edit)));
const titles = (roles: string[], edit?: Edit) => itemsOf(seen(roles, edit)).map(text);
const groups = (roles: string[], edit?: Edit) => seen(roles, edit).map(text);

const COMPANY = ['Company Info', 'Brands', 'Label Settings', 'Locations', 'Security', 'Audit Log'];
const PROCESS = ['Item Types', 'Product Models', 'Transaction Types'];
const USERS = ['Roles and Transaction Type Access', 'User & User Roles', 'User Invitations'];
const REPORTING = ['Item List', 'Item Inventory', 'Warranty List', 'To Reorder', 'Edit Item', 'Item History'];
const ACCOUNTS = ['Vendors/Customers', 'History'];
const SUPPORT = ['Send us a message'];

describe('menu visibility per built-in role (the product’s menu table)', () => {
  it.each<[string, string[], string[]]>([
    [
      ROLES.companyOwner,
      [
        'Dashboard',
        'My Tasks',
        'Add Item',
        'Search Item',
        'Rapid Sell',
        'Multi-Sale',
        'Stock-takes',
        'Quantity Stock',
        'Loans',
        'Purchase Orders',
        ...REPORTING,
        ...ACCOUNTS,
        ...COMPANY,
        ...SUPPORT,
      ],
      ['My View', 'Actions', 'Reporting', 'Account Management', 'Settings', 'Support & Help'],
    ],
    [
      ROLES.admin,
      [
        'Dashboard',
        'My Tasks',
        'Add Item',
        'Rapid Sell',
        'Multi-Sale',
        'Stock-takes',
        'Quantity Stock',
        'Loans',
        'Purchase Orders',
        ...REPORTING,
        ...ACCOUNTS,
        ...COMPANY,
        ...PROCESS,
        ...USERS,
        ...SUPPORT,
      ],
      ['My View', 'Actions', 'Reporting', 'Account Management', 'Settings', 'Support & Help'],
    ],
    // Stock-takes are counted by stock.count holders, loans lent by items.lend holders; report readers
    // read both. Quantity stock is kept by stock.count holders and read by report readers. Purchase orders are written by who buys (purchasing.manage).
    [
      ROLES.storekeeper,
      ['My Tasks', 'Stock-takes', 'Quantity Stock', 'Loans', 'Purchase Orders', ...REPORTING, ...SUPPORT],
      ['My View', 'Actions', 'Reporting', 'Support & Help'],
    ],
    [ROLES.newItemOperator, ['My Tasks', 'Add Item', ...SUPPORT], ['My View', 'Actions', 'Support & Help']],
    [ROLES.rapidSeller, ['My Tasks', 'Rapid Sell', 'Multi-Sale', ...SUPPORT], ['My View', 'Actions', 'Support & Help']],
    [ROLES.accountManager, ['My Tasks', ...ACCOUNTS, ...SUPPORT], ['My View', 'Account Management', 'Support & Help']],
  ])('%s sees exactly its entries', (role, expectedItems, expectedGroups) => {
    expect(titles([role])).toEqual(expectedItems);
    expect(groups([role])).toEqual(expectedGroups);
  });

  it('never shows Change Location or Change Status, though they are in the tree', () => {
    const all = itemsOf(menu).map((i) => i.id);
    expect(all).toEqual(expect.arrayContaining(['change-location', 'status-change']));
    const everyRole = Object.values(ROLES);
    expect(titles(everyRole)).not.toContain('Change Location');
    expect(titles(everyRole)).not.toContain('Change Status');
  });

  it('a user without roles sees My Tasks and Support only', () => {
    expect(titles([])).toEqual(['My Tasks', 'Send us a message']);
  });

  it('before the server has answered, offers only what needs no claim', () => {
    expect(itemsOf(visibleMenu(menu, accessView(undefined))).map(text)).toEqual(['My Tasks', 'Send us a message']);
  });

  it('roles add up: Storekeeper + Rapid Seller sees both sets', () => {
    expect(titles([ROLES.storekeeper, ROLES.rapidSeller])).toEqual([
      'My Tasks',
      'Rapid Sell',
      'Multi-Sale',
      'Stock-takes',
      'Quantity Stock',
      'Loans',
      'Purchase Orders',
      ...REPORTING,
      ...SUPPORT,
    ]);
  });
});

describe('an edited role changes the menu (claims, not role names)', () => {
  it('selling taken from the Rapid Seller: no Rapid Sell, no Multi-Sale, no Actions group', () => {
    expect(titles([ROLES.rapidSeller], { take: ['items.sell'] })).toEqual(['My Tasks', ...SUPPORT]);
    expect(groups([ROLES.rapidSeller], { take: ['items.sell'] })).not.toContain('Actions');
  });

  it('Security follows settings.manage, the claim its API needs: taken from the Admin, given to a Storekeeper', () => {
    expect(titles([ROLES.admin])).toContain('Security');
    expect(titles([ROLES.admin], { take: ['settings.manage'] })).not.toContain('Security');
    expect(titles([ROLES.storekeeper])).not.toContain('Security');
    expect(titles([ROLES.storekeeper], { give: ['settings.manage'] })).toContain('Security');
  });

  it('the Audit Log follows settings.manage, the claim GET /api/audit-log needs', () => {
    expect(titles([ROLES.companyOwner])).toContain('Audit Log');
    expect(titles([ROLES.admin], { take: ['settings.manage'] })).not.toContain('Audit Log');
    expect(titles([ROLES.storekeeper])).not.toContain('Audit Log');
    expect(titles([ROLES.storekeeper], { give: ['settings.manage'] })).toContain('Audit Log');
  });

  it('reports given to the Account Manager: the Reporting group appears (Edit Item needs items.edit)', () => {
    // Report readers also read the stock-takes' variance, quantity stock and the loans (Actions entries).
    expect(groups([ROLES.accountManager], { give: ['reports.view'] })).toEqual([
      'My View',
      'Actions',
      'Reporting',
      'Account Management',
      'Support & Help',
    ]);
    expect(titles([ROLES.accountManager], { give: ['reports.view'] })).toEqual([
      'My Tasks',
      'Stock-takes',
      'Quantity Stock',
      'Loans',
      'Item List',
      'Item Inventory',
      'Warranty List',
      'To Reorder',
      'Item History',
      ...ACCOUNTS,
      ...SUPPORT,
    ]);
  });
});
