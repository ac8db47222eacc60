import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROLES } from '@stockwise/shared';
import { buildMenu, MenuList, menuActions, menuStore, type MenuEntry } from '../src/features/navigation';
import { accessFor } from '../../shared/test/built-in-access';
import { installMatchMedia, remoteTables, renderWithProviders } from './helpers';

jest.mock('../src/mf/remotes', () => ({ preload: jest.fn() }));

let menu: MenuEntry[];
beforeAll(async () => {
  installMatchMedia();
  menu = buildMenu(await remoteTables());
});
beforeEach(() => {
  menuStore.setState({ openCollapseId: null, selectedId: null, drawerOpen: null });
});

describe('side menu behaviour (spec §§2, 4, 8)', () => {
  it('opens one top-level collapse at a time, and a click on the open one closes it', async () => {
    renderWithProviders(<MenuList entries={menu} />, { path: '/my-tasks', access: accessFor([ROLES.admin]) });
    const company = screen.getByRole('button', { name: 'Company' });
    const process = screen.getByRole('button', { name: 'Process Config' });
    await userEvent.click(company);
    expect(company).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Brands' })).toBeVisible();
    await userEvent.click(process);
    expect(process).toHaveAttribute('aria-expanded', 'true');
    expect(company).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(process);
    expect(process).toHaveAttribute('aria-expanded', 'false');
  });

  it('selects the item named in the path on load, and opens the collapse that holds it', () => {
    renderWithProviders(<MenuList entries={menu} />, {
      path: '/settings/brands',
      access: accessFor([ROLES.companyOwner]),
    });
    expect(screen.getByRole('button', { name: 'Company' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Brands' })).toHaveAttribute('aria-current', 'page');
  });

  it('selects an item on click and tells the drawer (a pick closes it on narrow screens)', async () => {
    const onPick = jest.fn();
    renderWithProviders(<MenuList entries={menu} onPick={onPick} />, {
      path: '/my-tasks',
      access: accessFor([ROLES.rapidSeller]),
    });
    expect(screen.getByRole('link', { name: 'My Tasks' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('link', { name: 'Rapid Sell' }));
    expect(menuStore.getState().selectedId).toBe('rapid-sell');
    expect(onPick).toHaveBeenCalledTimes(1);
  });

  it('works from the keyboard: Tab reaches entries, Enter toggles a collapse', async () => {
    renderWithProviders(<MenuList entries={menu} />, { path: '/my-tasks', access: accessFor([ROLES.companyOwner]) });
    const company = screen.getByRole('button', { name: 'Company' });
    act(() => company.focus());
    await userEvent.keyboard('{Enter}');
    expect(company).toHaveAttribute('aria-expanded', 'true');
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Company Info' })).toHaveFocus();
  });

  it("shows 'Menu Items Error' for an entry of unknown type, and chips", () => {
    const tree: MenuEntry[] = [
      {
        id: 'g',
        title: 'menu.myView',
        ns: 'shell',
        type: 'group',
        children: [
          {
            id: 'dashboard',
            title: 'screens.dashboard',
            ns: 'workspace',
            type: 'item',
            url: '/dashboard',
            chip: { label: 'screens.ownerChip' },
          },
          { id: 'odd', title: 'screens.myTasks', ns: 'workspace', type: 'widget' },
        ],
      },
    ];
    renderWithProviders(<MenuList entries={tree} />, { path: '/', access: accessFor([ROLES.admin]) });
    expect(screen.getByRole('alert')).toHaveTextContent('Menu Items Error');
    expect(within(screen.getByRole('link', { name: /Dashboard/ })).getByText('Owner')).toBeInTheDocument();
  });

  it('hides the groups a role may not see', () => {
    renderWithProviders(<MenuList entries={menu} />, { path: '/my-tasks', access: accessFor([ROLES.storekeeper]) });
    expect(screen.queryByText('Settings')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Item List' })).toBeInTheDocument();
  });

  it('toggleCollapse is one-at-a-time in the store as well', () => {
    menuActions.toggleCollapse('a');
    menuActions.toggleCollapse('b');
    expect(menuStore.getState().openCollapseId).toBe('b');
    menuActions.toggleCollapse('b');
    expect(menuStore.getState().openCollapseId).toBeNull();
  });
});
