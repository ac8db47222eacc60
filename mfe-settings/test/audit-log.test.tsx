import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '@stockwise/shared';
import { mockApi, refusal, renderAt, signIn, type Call } from './support/harness';

// /settings/audit-log: who changed which setting, when, and the values before and after; filtered
// by who, what kind and days, paged by the API's cursor, exported through the kit's menu.

type Row = {
  id: string;
  createdAt: string;
  actorId: string | null;
  actorName: string | null;
  entity: string;
  entityId: string | null;
  entityName: string | null;
  action: string;
  before: unknown;
  after: unknown;
};
const row = (id: string, more: Partial<Row>): Row => ({
  id,
  createdAt: '2026-11-20T09:30:00.000Z',
  actorId: 'u1',
  actorName: 'olga',
  entity: 'role',
  entityId: 'r1',
  entityName: 'Cashiers',
  action: 'create',
  before: null,
  after: { name: 'Cashiers' },
  ...more,
});
const claimChange = row('a1', {
  entity: 'role-claims',
  entityName: 'Storekeeper',
  action: 'update',
  before: { permissions: ['items.view', 'reports.view'], transactionTypes: ['Move'] },
  after: { permissions: ['customers.view', 'items.view'], transactionTypes: ['Move'] },
});
const planChange = row('a2', {
  actorId: null,
  actorName: null,
  entity: 'subscription',
  entityName: 'Premium Plan',
  action: 'update',
  before: { plan: 'Free Plan' },
  after: { plan: 'Premium Plan' },
});

function auditApi(pages: Record<string, { items: Row[]; nextCursor: string | null }>) {
  return mockApi((call: Call) => {
    if (call.method === 'GET' && call.url === '/api/users')
      return {
        status: 200,
        data: [
          { id: 'u1', userName: 'olga', roles: ['Company Owner'], active: true },
          { id: 'u2', userName: 'adam', roles: ['Admin'], active: true },
        ],
      };
    if (call.method === 'GET' && call.url === '/api/audit-log') {
      const cursor = (call.query?.cursor as string | undefined) ?? '';
      return { status: 200, data: pages[cursor] ?? { items: [], nextCursor: null } };
    }
    if (call.method === 'GET' && call.url.startsWith('/api/audit-log?')) return { status: 200, data: 'csv' };
    return undefined;
  });
}

let downloads: string[] = [];
beforeEach(async () => {
  await act(() => i18n.changeLanguage('en'));
  downloads = [];
  URL.createObjectURL = jest.fn(() => 'blob:audit');
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
});

describe('/settings/audit-log', () => {
  test('lists who changed what; a change opens with its values before and after, the changed fields marked', async () => {
    signIn(['Company Owner']);
    auditApi({ '': { items: [claimChange, planChange], nextCursor: null } });
    renderAt('/settings/audit-log');
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit Log' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Audit Log' });
    const [first, second] = within(table).getAllByTestId('audit-row');
    expect(first).toHaveTextContent('olga');
    expect(first).toHaveTextContent('Role claims');
    expect(first).toHaveTextContent('Storekeeper');
    // the plan is changed by the payment provider, not by a user
    expect(second).toHaveTextContent('Stockwise (payment provider)');

    await userEvent.click(within(first!).getByRole('button', { name: /Changed|Details of this change/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Role claims · Storekeeper' });
    const detail = within(dialog).getByRole('table', { name: 'Details of this change' });
    const permissions = within(detail).getByRole('rowheader', { name: 'permissions' }).closest('tr')!;
    expect(permissions).toHaveTextContent('items.view, reports.view');
    expect(permissions).toHaveTextContent('customers.view, items.view');
    expect(permissions).toHaveAttribute('data-changed', 'true');
    const types = within(detail).getByRole('rowheader', { name: 'transactionTypes' }).closest('tr')!;
    expect(types).not.toHaveAttribute('data-changed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  test('filters by who, what kind and days (the To day included); shows more by the cursor', async () => {
    signIn(['Admin']);
    const calls = auditApi({
      '': { items: [claimChange], nextCursor: 'next1' },
      next1: { items: [planChange], nextCursor: null },
    });
    renderAt('/settings/audit-log');
    await screen.findByRole('table', { name: 'Audit Log' });
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();

    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'By' }));
    await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'adam' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Setting' }));
    await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Role claims' }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-30' } });
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/api/audit-log').at(-1)?.query).toEqual({
        actorId: 'u2',
        entity: 'role-claims',
        from: '2026-11-01',
        to: '2026-12-01',
        limit: 50,
      }),
    );
  });

  test('exports what the filters match, for people or raw, through the API', async () => {
    signIn(['Company Owner']);
    const calls = auditApi({ '': { items: [claimChange], nextCursor: null } });
    renderAt('/settings/audit-log');
    await screen.findByRole('table', { name: 'Audit Log' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Setting' }));
    await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Role claims' }));
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['CSV', 'Excel (.xlsx)', 'CSV of the raw data (ids, keys, UTC times)']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Excel (.xlsx)' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const exported = calls.find((c) => c.url.startsWith('/api/audit-log?'))!.url;
    expect(exported).toContain('format=xlsx');
    expect(exported).toContain('entity=role-claims');
    expect(exported).toContain('lang=en');
  });

  test('in Turkish, and an empty log says so', async () => {
    signIn(['Company Owner']);
    await act(() => i18n.changeLanguage('tr'));
    auditApi({ '': { items: [], nextCursor: null } });
    renderAt('/settings/audit-log');
    expect(await screen.findByRole('heading', { level: 1, name: 'Denetim Kaydı' })).toBeInTheDocument();
    expect(await screen.findByText('Henüz değişiklik yok')).toBeInTheDocument();
  });

  test('a caller the API refuses (403) sees the refusal, not an error', async () => {
    signIn(['Admin']);
    mockApi((call) =>
      call.url === '/api/audit-log'
        ? refusal(403, 'This needs settings.manage; none of your roles grants it.')
        : undefined,
    );
    renderAt('/settings/audit-log');
    expect(await screen.findByTestId('forbidden')).toBeInTheDocument();
  });
});
