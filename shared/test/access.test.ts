import { accessView, loadAccess } from '../src/auth/access';
import { mockApi } from './mock-api';

describe('what the signed-in user may do (GET /api/access)', () => {
  it('offers nothing until the answer is in', () => {
    const view = accessView(undefined);
    expect(view.known).toBe(false);
    expect(view.can('items.view')).toBe(false);
    expect(view.mayRun('any-type')).toBe(false);
  });

  it('allows exactly the permissions and transaction types the API listed', async () => {
    mockApi(() => ({
      status: 200,
      data: {
        roles: ['Rapid Seller'],
        permissions: ['items.sell'],
        allTransactionTypes: false,
        transactionTypeIds: ['t-sell'],
      },
    }));
    const view = accessView(await loadAccess());
    expect(view.known).toBe(true);
    expect(view.can('items.sell')).toBe(true);
    expect(view.can('items.receive')).toBe(false);
    expect(view.mayRun('t-sell')).toBe(true);
    expect(view.mayRun('t-scrap')).toBe(false);
  });

  it('lets the Company Owner run every transaction type, including ones created later', () => {
    const view = accessView({
      roles: ['Company Owner'],
      permissions: [],
      allTransactionTypes: true,
      transactionTypeIds: [],
    });
    expect(view.mayRun('made-tomorrow')).toBe(true);
  });
});
