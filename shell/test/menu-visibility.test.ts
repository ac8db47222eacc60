import { ROLES } from '@stockwise/shared';
import { MENU, itemsOf, visibleMenu } from '../src/features/navigation';
import '../src/i18n';
import { i18n } from '@stockwise/shared';

const titles = (roles: string[]) =>
  itemsOf(visibleMenu(MENU, roles)).map((item) => i18n.t(item.title, { ns: 'shell' }));
const groups = (roles: string[]) => visibleMenu(MENU, roles).map((g) => i18n.t(g.title, { ns: 'shell' }));

const COMPANY = ['Company Info', 'Brands', 'Label Settings', 'Locations'];
const PROCESS = ['Item Types', 'Transaction Types'];
const USERS = ['Roles and Transaction Type Access', 'User & User Roles', 'User Invitations'];
const REPORTING = ['Item List', 'Item Inventory', 'Warranty List', 'Edit Item', 'Item History'];
const ACCOUNTS = ['Vendors/Customers', 'History'];
const SUPPORT = ['Send us a message'];

describe('menu visibility per role (spec §6 table)', () => {
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
        ...REPORTING,
        ...ACCOUNTS,
        ...COMPANY,
        ...PROCESS,
        ...USERS,
        ...SUPPORT,
      ],
      ['My View', 'Actions', 'Reporting', 'Account Management', 'Settings', 'Support & Help'],
    ],
    [ROLES.storekeeper, ['My Tasks', ...REPORTING, ...SUPPORT], ['My View', 'Reporting', 'Support & Help']],
    [ROLES.newItemOperator, ['My Tasks', 'Add Item', ...SUPPORT], ['My View', 'Actions', 'Support & Help']],
    [ROLES.rapidSeller, ['My Tasks', 'Rapid Sell', 'Multi-Sale', ...SUPPORT], ['My View', 'Actions', 'Support & Help']],
    [ROLES.accountManager, ['My Tasks', ...ACCOUNTS, ...SUPPORT], ['My View', 'Account Management', 'Support & Help']],
  ])('%s sees exactly its entries', (role, expectedItems, expectedGroups) => {
    expect(titles([role])).toEqual(expectedItems);
    expect(groups([role])).toEqual(expectedGroups);
  });

  it('never shows Change Location or Change Status, though they are in the tree', () => {
    const all = itemsOf(MENU).map((i) => i.id);
    expect(all).toEqual(expect.arrayContaining(['change-location', 'status-change']));
    const everyRole = Object.values(ROLES);
    expect(titles(everyRole)).not.toEqual(expect.arrayContaining(['Change Location']));
    expect(titles(everyRole)).not.toContain('Change Status');
  });

  it('a user without roles sees My Tasks and Support only', () => {
    expect(titles([])).toEqual(['My Tasks', 'Send us a message']);
  });

  it('roles add up: Storekeeper + Rapid Seller sees both sets', () => {
    expect(titles([ROLES.storekeeper, ROLES.rapidSeller])).toEqual([
      'My Tasks',
      'Rapid Sell',
      'Multi-Sale',
      ...REPORTING,
      ...SUPPORT,
    ]);
  });
});
