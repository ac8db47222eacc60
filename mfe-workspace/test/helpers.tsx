import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ACCESS_QUERY_KEY, session } from '@stockwise/shared';
import WorkspaceRoutes from '../src/routes';
import { accessFor } from '../../shared/test/built-in-access';

/** An unsigned JWT-shaped token (the browser only reads claims; the API verifies). */
export const makeToken = (claims: Record<string, unknown>) =>
  [{ alg: 'HS256', typ: 'JWT' }, claims]
    .map((part) => btoa(JSON.stringify(part)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''))
    .concat('signature')
    .join('.');

let signedInRoles: string[] = [];

/** Signs in a holder of these built-in roles; the screens learn their claims from GET /api/access. */
export function signInAs(...roles: string[]) {
  localStorage.clear();
  session.reload();
  session.setToken(makeToken({ role: roles }));
  signedInRoles = roles;
}

let lastLocation = '';
function LocationProbe() {
  const location = useLocation();
  useEffect(() => {
    lastLocation = `${location.pathname}${location.search}`;
  }, [location]);
  return null;
}
export const currentLocation = () => lastLocation;

/** The workspace remote's routes at `path`, with a fresh query client. */
export function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  // GET /api/access's answer for the signed-in roles, as already read: stale, so a test whose API
  // answers /api/access itself (accessAnswer) is asked again and its answer wins. Transaction-type
  // claims are the business of the tests that answer it; here every type may run.
  client.setQueryData(ACCESS_QUERY_KEY, accessFor(signedInRoles, { allTransactionTypes: true }), { updatedAt: 0 });
  const rendered = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/*"
            element={
              <>
                <WorkspaceRoutes />
                <LocationProbe />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  // The client too: a test can refetch as a live update would.
  return Object.assign(rendered, { client });
}

export const baseItem = {
  id: 'i1',
  serial: 'SN-0001',
  sku: null,
  itemTypeId: 't1',
  itemTypeName: 'Phone',
  brandId: 'b1',
  brandName: 'Acme',
  model: 'X1',
  locationId: 'l1',
  locationName: 'Main store',
  status: 'in_stock',
  cost: 100,
  salePrice: 1250.5,
  vendorId: null,
  customerId: null,
  customerName: null,
  receivedAt: '2026-01-02T10:00:00Z',
  soldAt: null,
  warrantyMonths: 12,
  warrantyEndsAt: null,
  fields: {},
  images: [],
  version: 1,
  updatedAt: '2026-01-02T10:00:00Z',
};

/** A model sold by quantity (no serials): its barcode is what a counter scans. */
export const cable = {
  ...baseItem,
  id: 'm1',
  name: 'USB-C cable',
  brandName: null,
  barcode: '8690001',
  trackedByQuantity: true,
  salePrice: 5,
  inStock: 40,
};

/**
 * The smallest catalogue Add Item draws: one Phone type (no custom fields), one Main store, no
 * brands. The answer to `url`, or null for any other route.
 */
export function receptionCatalogue(url: string | undefined): { status: number; data: unknown } | null {
  const page = (items: unknown[]) => ({ status: 200, data: { items, total: items.length } });
  if (url === '/api/item-types')
    return page([
      { id: 't1', name: 'Phone', serialRequired: true, warrantyMonths: 1, active: true, createdAt: '', fields: [] },
    ]);
  if (url === '/api/locations')
    return page([{ id: 'l1', name: 'Main', kind: 'store', parentId: null, active: true, createdAt: '' }]);
  if (url === '/api/brands') return page([]);
  return null;
}

/** GET /api/access's answer: these permissions; every transaction type unless `typeIds` names some. */
export const accessAnswer = (permissions: string[], typeIds?: string[]) => ({
  status: 200,
  data: { roles: [], permissions, allTransactionTypes: !typeIds, transactionTypeIds: typeIds ?? [] },
});
