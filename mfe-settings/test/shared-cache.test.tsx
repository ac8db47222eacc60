import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { resourceKey } from '@stockwise/shared';
import SettingsRoutes from '../src/routes';
import { mockApi, signIn } from './support/harness';

// The shell gives every remote one query cache: a settings list and a workspace screen reading
// the same resource share its entry, so both must keep it in the same shape — the rows alone
// (mfe-workspace/src/api/inventory.ts: listItemTypes, listBrands, listLocations, …).

const at = '2025-03-01T10:00:00Z';
const laptop = {
  id: 't1',
  name: 'Laptop',
  serialRequired: true,
  warrantyMonths: 12,
  fields: [],
  active: true,
  createdAt: at,
};

beforeEach(() => signIn(['Admin']));

/** The settings routes at `path` on a query cache the test keeps (the shell's one cache). */
const renderWith = (client: QueryClient, path: string) =>
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <SettingsRoutes />
      </MemoryRouter>
    </QueryClientProvider>,
  );

test('an item-type list the workspace cached is shown as it is, and the settings screen caches the rows alone', async () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
  // What the reception screen left in the cache a moment ago.
  client.setQueryData(resourceKey('item-types'), [laptop]);
  mockApi((call) =>
    call.url === '/api/brands'
      ? { status: 200, data: { items: [{ id: 'b1', name: 'Acme', createdAt: at }], total: 1 } }
      : undefined,
  );
  const view = renderWith(client, '/settings/item-types');
  expect(await screen.findByText('Laptop')).toBeInTheDocument();
  view.unmount();

  renderWith(client, '/settings/brands');
  expect(await screen.findByText('Acme')).toBeInTheDocument();
  // What the reception screen will read from the cache: the rows, as its own query would have.
  await waitFor(() =>
    expect(client.getQueryData(resourceKey('brands'))).toEqual([expect.objectContaining({ name: 'Acme' })]),
  );
});
