import { call, type ApiOperations, type ApiResponse } from '@stockwise/shared';

// Loans (check-out to a person) as the workspace's screens call them (types from the generated OpenAPI types).
export type Loan = ApiResponse<'getLoan'>;
export type LoanQuery = NonNullable<ApiOperations['listLoans']['query']>;
export type LoanView = NonNullable<LoanQuery['view']>;
export type Borrower = ApiResponse<'listLoanBorrowers'>['items'][number];

export const listLoans = (query: LoanQuery) => call('GET', '/api/loans', { query });
/** The item's loan that is out now, if any. */
export const openLoanOf = async (itemId: string): Promise<Loan | null> =>
  (await listLoans({ itemId, view: 'open', limit: 1 })).items[0] ?? null;
export const listBorrowers = async (q: string) =>
  (await call('GET', '/api/loans/borrowers', { query: q ? { q } : {} })).items;
export const checkOut = (body: {
  itemId: string;
  userId?: string;
  customerId?: string;
  dueAt: string;
  note?: string;
}) => call('POST', '/api/loans', { body });
export const checkIn = (id: string, note?: string) =>
  call('POST', '/api/loans/{id}/check-in', { params: { id }, body: note ? { note } : {} });
