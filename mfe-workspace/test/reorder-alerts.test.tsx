import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n, ROLES } from '@stockwise/shared';
import { mockApi } from '../../shared/test/mock-api';
import { currentLocation, renderAt, signInAs } from './helpers';

// MUI in jsdom on a shared 2-core machine: the default 5 s is too tight under load.
jest.setTimeout(30_000);

// A model below its reorder point, as the storekeeper meets it: the alert in My Tasks, one click to
// the To Reorder report, which says what to buy; in Turkish too. A seller sees no alert.
const row = {
  modelId: 'm1',
  modelName: 'X1 Pro',
  itemTypeName: 'Phone',
  brandName: 'Acme',
  barcode: '8690000000011',
  locationId: null,
  locationName: null,
  minQuantity: 5,
  inStock: 2,
  shortfall: 3,
};
const alerts = {
  items: [{ kind: 'reorder', count: 1, lines: [{ id: 'm1', text: 'Acme X1 Pro' }], path: '/reporting/to-reorder' }],
};

function api(permissions: string[]) {
  return mockApi((config) => {
    if (config.url === '/api/access')
      return { status: 200, data: { roles: [], permissions, transactionTypeIds: [], allTransactionTypes: false } };
    if (config.url === '/api/alerts') return { status: 200, data: alerts };
    if (config.url === '/api/reports/to-reorder') return { status: 200, data: { items: [row], nextCursor: null } };
    if (config.url === '/api/tasks') return { status: 200, data: { items: [], nextCursor: null } };
    return { status: 404, data: { message: 'unexpected' } };
  });
}

beforeEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('reorder alerts', () => {
  it('My Tasks shows a storekeeper the models below their reorder point and leads to the To Reorder report', async () => {
    signInAs(ROLES.storekeeper);
    const calls = api(['items.view', 'reports.view', 'stock.reorder']);
    renderAt('/my-tasks');
    const alert = await screen.findByRole('region', { name: 'Needs attention' }, { timeout: 20_000 });
    expect(within(alert).getByText('1 model below its reorder point')).toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('link', { name: 'See the list' }));
    await waitFor(() => expect(currentLocation()).toBe('/reporting/to-reorder'));
    expect(await screen.findByText('Acme X1 Pro', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByText('All locations')).toBeInTheDocument();
    const cells = screen.getAllByRole('gridcell').map((cell) => cell.textContent);
    expect(cells).toEqual(expect.arrayContaining(['5', '2', '3']));
    expect(calls.some((c) => c.url === '/api/reports/to-reorder')).toBe(true);
  });

  it('says it in Turkish', async () => {
    signInAs(ROLES.storekeeper);
    api(['items.view', 'reports.view', 'stock.reorder']);
    await act(() => i18n.changeLanguage('tr'));
    renderAt('/my-tasks');
    const alert = await screen.findByRole('region', { name: 'İlgilenilmesi gerekenler' }, { timeout: 20_000 });
    expect(within(alert).getByText('Yeniden sipariş seviyesinin altında 1 model')).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'Listeyi görün' })).toBeInTheDocument();
  });

  it('a seller, who does not answer for the stock, is not asked and sees no alert', async () => {
    signInAs(ROLES.rapidSeller);
    const calls = api(['items.view', 'items.sell']);
    renderAt('/my-tasks');
    expect(await screen.findByRole('heading', { name: 'My Tasks' }, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Needs attention' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/alerts')).toBe(false);
  });
});
