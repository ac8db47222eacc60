import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n, ROLES } from '@stockwise/shared';
import { mockApi } from '../../shared/test/mock-api';
import { baseItem, currentLocation, renderAt, signInAs } from './helpers';

const task = (over: Record<string, unknown>) => ({
  id: 't1',
  title: 'Repair SN-0001',
  kind: 'process',
  assigneeUserId: null,
  assigneeRoleId: 'r1',
  assigneeName: 'Storekeeper',
  itemId: 'i1',
  serial: 'SN-0001',
  toLocationId: null,
  dueAt: '2020-01-01T00:00:00Z',
  note: null,
  status: 'open',
  createdBy: 'u0',
  createdAt: '2019-12-30T00:00:00Z',
  doneAt: null,
  doneBy: null,
  ...over,
});

jest.setTimeout(30_000);

beforeEach(async () => {
  signInAs(ROLES.storekeeper);
  await act(() => i18n.changeLanguage('en'));
});

describe('/my-tasks', () => {
  it('starts a process task in one click: Item Process opens with the task’s item scanned', async () => {
    const calls = mockApi((config) => {
      if (config.url === '/api/tasks') return { status: 200, data: { items: [task({})], nextCursor: null } };
      if (config.url === '/api/items/i1') return { status: 200, data: { ...baseItem, id: 'i1', serial: 'SN-0001' } };
      if (config.url === '/api/transaction-types') return { status: 200, data: { items: [], total: 0 } };
      if (config.url === '/api/locations') return { status: 200, data: { items: [], total: 0 } };
      return { status: 404, data: {} };
    });
    renderAt('/my-tasks');
    await userEvent.click(await screen.findByRole('button', { name: 'Start “Repair SN-0001”' }));
    expect(await screen.findByRole('heading', { name: 'Item Process', level: 1 })).toBeInTheDocument();
    expect(currentLocation()).toBe('/actions/item-process');
    expect(calls.some((call) => call.url === '/api/items/i1')).toBe(true);
  });

  it('offers no Start for a task without an item or whose work has no screen', async () => {
    mockApi((config) =>
      config.url === '/api/tasks'
        ? {
            status: 200,
            data: {
              items: [task({ id: 't2', kind: 'warranty' }), task({ id: 't3', itemId: null, serial: null })],
              nextCursor: null,
            },
          }
        : { status: 404, data: {} },
    );
    renderAt('/my-tasks');
    await screen.findByRole('list', { name: 'My Tasks' });
    expect(screen.getAllByRole('button', { name: 'Mark done' })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /^Start/ })).not.toBeInTheDocument();
  });

  it('lists my open tasks, links the item, and marks one done', async () => {
    let open = [
      task({}),
      task({ id: 't2', title: 'Check warranty', kind: 'warranty', serial: null, itemId: null, dueAt: null }),
    ];
    const calls = mockApi((config) => {
      if (config.url === '/api/tasks') return { status: 200, data: { items: open, nextCursor: null } };
      if (config.url === '/api/tasks/t1/done') {
        open = open.filter((one) => one.id !== 't1');
        return { status: 200, data: task({ status: 'done' }) };
      }
      return { status: 404, data: {} };
    });
    renderAt('/my-tasks');
    const list = await screen.findByRole('list', { name: 'My Tasks' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText(/Overdue since/)).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Item SN-0001' })).toHaveAttribute(
      'href',
      '/item-status/item-search?q=SN-0001&id=i1',
    );
    // The first call of the list (the alerts notice asks /api/access first: whether to ask for alerts).
    expect(calls.find((c) => c.url !== '/api/access')).toMatchObject({ url: '/api/tasks' });
    await userEvent.click(within(list).getAllByRole('button', { name: 'Mark done' })[0]!);
    expect(await screen.findByText('“Repair SN-0001” is done.')).toBeInTheDocument();
    expect(await within(list).findAllByRole('listitem')).toHaveLength(1);
  });

  it('says when there is nothing to do', async () => {
    mockApi(() => ({ status: 200, data: { items: [], nextCursor: null } }));
    renderAt('/my-tasks');
    expect(await screen.findByText('Nothing to do — no open tasks for you or your roles.')).toBeInTheDocument();
  });

  it('shows a failed load with Retry', async () => {
    let fail = true;
    mockApi(() =>
      fail
        ? { status: 500, data: { message: 'Server trouble' } }
        : { status: 200, data: { items: [], nextCursor: null } },
    );
    renderAt('/my-tasks');
    expect(await screen.findByRole('alert')).toHaveTextContent('Server trouble');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/Nothing to do/)).toBeInTheDocument();
  });

  it('speaks Turkish', async () => {
    mockApi(() => ({ status: 200, data: { items: [], nextCursor: null } }));
    await act(() => i18n.changeLanguage('tr'));
    renderAt('/my-tasks');
    expect(await screen.findByRole('heading', { name: 'Görevlerim' })).toBeInTheDocument();
    expect(await screen.findByText(/Yapılacak bir şey yok/)).toBeInTheDocument();
  });
});
