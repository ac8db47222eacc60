// What a transaction type's kind allows: the engine's rules, as the API checks them.
import type { TransactionTypeRow } from '@/api/catalogue';
import type { StatusKey } from '../api/transaction-types';

export const KINDS = ['process', 'move', 'status_change', 'return', 'scrap'] as const;
export type Kind = TransactionTypeRow['kind'];
export const STATUSES: StatusKey[] = [
  'in_stock',
  'in_process',
  'reserved',
  'in_transit',
  'sold',
  'returned',
  'defective',
  'scrapped',
];
/** Which kinds set a status, keep it, or take it per call (the engine's rules, as the API checks them). */
export const setsStatus = (kind: Kind) => kind === 'process' || kind === 'return' || kind === 'scrap';
/** The engine's own entry points: their statuses are the engine's, not the company's. */
export const fixedStatuses = (row: TransactionTypeRow | null) =>
  Boolean(row?.builtIn && (row.kind === 'receive' || row.kind === 'sell'));
