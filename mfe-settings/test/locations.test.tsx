import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Location, PlanUsage } from '@stockwise/shared';
import { mockApi, refusal, renderAt, signIn, type Call } from './support/harness';

const at = '2025-03-01T10:00:00Z';
let locations: Location[];
let usage: PlanUsage;

function locationsApi(extra?: (call: Call) => ReturnType<Parameters<typeof mockApi>[0]>) {
  return mockApi((call) => {
    const answered = extra?.(call);
    if (answered) return answered;
    if (call.method === 'GET' && call.url === '/api/locations')
      return { status: 200, data: { items: locations, total: locations.length } };
    if (call.method === 'GET' && call.url === '/api/billing/usage') return { status: 200, data: usage };
    if (call.method === 'POST' && call.url === '/api/locations') {
      const location = { id: `l${locations.length + 1}`, createdAt: at, ...(call.body as object) } as Location;
      locations = [...locations, location];
      usage = { ...usage, locations: { ...usage.locations, used: usage.locations.used + 1 } };
      return { status: 201, data: location };
    }
    const one = /^\/api\/locations\/(\w+)$/.exec(call.url);
    if (one && call.method === 'DELETE')
      return refusal(409, 'This location is in use: 40 items, 1 location inside it. Deactivate it instead.');
    return undefined;
  });
}

beforeEach(() => {
  locations = [
    { id: 'l1', name: 'Main warehouse', kind: 'warehouse', parentId: null, active: true, createdAt: at },
    { id: 'l2', name: 'Shelf A', kind: 'other', parentId: 'l1', active: true, createdAt: at },
  ];
  usage = {
    planName: 'Premium Plan',
    planType: 1,
    users: { used: 2, max: 25 },
    locations: { used: 2, max: 20 },
    storage: { used: 0, max: 10737418240 },
  };
});

describe('/settings/stores', () => {
  test('shows the tree with kinds, the plan usage, and creates a location inside another', async () => {
    signIn(['Admin']);
    const calls = locationsApi();
    renderAt('/settings/stores');
    expect(await screen.findByText('Shelf A')).toBeInTheDocument();
    expect(screen.getAllByText('Warehouse').length).toBeGreaterThan(0);
    expect(await screen.findByText('2 of 20 used')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add location' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add location' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /name/i }), 'Kadıköy store');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Kind' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Store' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Inside' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Main warehouse' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      name: 'Kadıköy store',
      kind: 'store',
      parentId: 'l1',
      active: true,
    });
    expect(await screen.findByText('Kadıköy store')).toBeInTheDocument();
    // The usage is read again after the save.
    expect(await screen.findByText('3 of 20 used')).toBeInTheDocument();
  });

  test('a location cannot be put inside itself or inside what it contains', async () => {
    signIn(['Admin']);
    locationsApi();
    renderAt('/settings/stores');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Main warehouse' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit location' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Inside' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['None (top level)']);
  });

  test('at the plan’s limit the Company Owner is shown the way to Premium, and a refused create says why', async () => {
    signIn(['Company Owner']);
    usage = {
      planName: 'Free Plan',
      planType: 0,
      users: { used: 1, max: 3 },
      locations: { used: 1, max: 1 },
      storage: { used: 0, max: 104857600 },
    };
    locations = [locations[0]!];
    locationsApi((call) =>
      call.method === 'POST'
        ? refusal(403, 'Plan limit reached: your plan allows 1 location.', { code: 'PLAN_LIMIT_LOCATIONS' })
        : undefined,
    );
    renderAt('/settings/stores');
    expect(await screen.findByText('1 of 1 used')).toBeInTheDocument();
    expect(screen.getByText('You have reached your plan’s limit.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Premium' })).toHaveAttribute('href', '/premium-purchase');

    await userEvent.click(screen.getByRole('button', { name: 'Add location' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add location' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /name/i }), 'Second');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    // Said once, with the way to Premium under it.
    const limit = await within(dialog).findByRole('alert');
    expect(limit).toHaveTextContent('Plan limit reached: your plan allows 1 location.');
    expect(within(dialog).getAllByText(/Plan limit reached/)).toHaveLength(1);
    expect(within(limit).getByRole('link', { name: 'Go Premium' })).toBeInTheDocument();
  });

  test('an Admin at the limit is told to ask the Company Owner (only owners buy)', async () => {
    signIn(['Admin']);
    usage = {
      planName: 'Free Plan',
      planType: 0,
      users: { used: 1, max: 3 },
      locations: { used: 1, max: 1 },
      storage: { used: 0, max: 104857600 },
    };
    locationsApi();
    renderAt('/settings/stores');
    expect(await screen.findByText('Ask the Company Owner to upgrade to Premium.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Go Premium' })).not.toBeInTheDocument();
  });

  test('deleting a used location shows what uses it', async () => {
    signIn(['Admin']);
    locationsApi();
    renderAt('/settings/stores');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Main warehouse' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await within(dialog).findByText(
        'This location is in use: 40 items, 1 location inside it. Deactivate it instead.',
      ),
    ).toBeInTheDocument();
  });
});
