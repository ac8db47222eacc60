import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { api } from '@stockwise/shared';
import { useAddLocation, useInvite } from '../src/features/limits/api/billing';

// The remotes share the shell's query client: what billing's "try the limits" buttons change must
// refresh the settings screens that show it, or they would show numbers that are no longer true.
const SHOWN: QueryKey[] = [
  ['billing', 'usage'],
  ['invitations'],
  ['users', 'limit'],
  ['users', 'list'],
  ['locations'],
  ['brands'],
];

function setUp() {
  const client = new QueryClient();
  for (const key of SHOWN) client.setQueryData(key, { shown: true });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const stale = () => SHOWN.filter((key) => client.getQueryState(key)?.isInvalidated).map((key) => key.join('/'));
  return { wrapper, stale };
}

let sent: { method?: string; url?: string }[] = [];
beforeEach(() => {
  sent = [];
  api.defaults.adapter = (async (config: { method?: string; url?: string }) => {
    sent.push({ method: config.method, url: config.url });
    return { data: { id: 'x' }, status: 201, statusText: 'Created', headers: {}, config };
  }) as unknown as typeof api.defaults.adapter;
});

describe("billing's saves refresh every screen that shows what they changed", () => {
  it('an invitation refreshes the usage, the invitations and the users (the seat count), nothing else', async () => {
    const { wrapper, stale } = setUp();
    const { result } = renderHook(() => useInvite(), { wrapper });
    await act(() => result.current.mutateAsync('new@example.com'));
    await waitFor(() => expect(stale()).toEqual(['billing/usage', 'invitations', 'users/limit', 'users/list']));
    expect(sent).toEqual([{ method: 'post', url: '/api/invitations' }]);
  });

  it('a location refreshes the usage and the locations, nothing else', async () => {
    const { wrapper, stale } = setUp();
    const { result } = renderHook(() => useAddLocation(), { wrapper });
    await act(() => result.current.mutateAsync('Depot 2'));
    await waitFor(() => expect(stale()).toEqual(['billing/usage', 'locations']));
    expect(sent).toEqual([{ method: 'post', url: '/api/locations' }]);
  });
});
