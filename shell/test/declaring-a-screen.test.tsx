import { screen } from '@testing-library/react';
import { addTranslations, ROLES, type ScreenTable } from '@stockwise/shared';
import { buildMenu, MenuList } from '../src/features/navigation';
import { areaFor } from '../src/mf/areas';
import { accessFor } from '../../shared/test/built-in-access';
import { installMatchMedia, remoteTables, renderWithProviders } from './helpers';

jest.mock('../src/mf/remotes', () => ({ preload: jest.fn() }));

// Adding a screen is one remote's change: a row in its screen table. Here the workspace's table
// gains a row the shell has never heard of, and the drawer offers it to those whose claims open it.

const FORECAST = {
  path: 'reporting/stock-forecast',
  title: 'screens.stockForecast',
  claims: ['reports.view' as const],
  menu: { group: 'reporting' as const, order: 25 },
};

async function tablesWithNewScreen(): Promise<ScreenTable[]> {
  const tables = await remoteTables();
  return tables.map((table) =>
    table.namespace === 'workspace' ? { ...table, screens: [...table.screens, FORECAST] } : table,
  );
}

beforeAll(() => {
  installMatchMedia();
  // The remote's own text for its new screen, as its i18n module adds it.
  const texts = { screens: { stockForecast: 'Stock Forecast' } };
  addTranslations('workspace', { en: texts, tr: texts });
});

describe('declaring a screen in a remote’s table', () => {
  it('puts it in the drawer, in its group and order, for a user whose claims open it', async () => {
    const menu = buildMenu(await tablesWithNewScreen());
    renderWithProviders(<MenuList entries={menu} />, {
      path: '/my-tasks',
      access: accessFor([ROLES.storekeeper]),
    });
    const reporting = screen.getByRole('group', { name: 'Reporting' });
    const link = screen.getByRole('link', { name: 'Stock Forecast' });
    expect(reporting).toContainElement(link);
    expect(link).toHaveAttribute('href', '/reporting/stock-forecast');
    // Order 25: after Item Inventory (20), before Warranty List (30).
    const names = Array.from(reporting.querySelectorAll('a')).map((a) => a.textContent);
    expect(names.indexOf('Stock Forecast')).toBe(names.indexOf('Item Inventory') + 1);
    // The shell already routes the path to the remote that declared it.
    expect(areaFor('/reporting/stock-forecast')?.remote).toBe('mfe_workspace');
  });

  it('keeps it from a user whose claims do not open it', async () => {
    const menu = buildMenu(await tablesWithNewScreen());
    renderWithProviders(<MenuList entries={menu} />, {
      path: '/my-tasks',
      access: accessFor([ROLES.rapidSeller]),
    });
    expect(screen.getByRole('link', { name: 'Rapid Sell' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Stock Forecast' })).not.toBeInTheDocument();
  });
});
