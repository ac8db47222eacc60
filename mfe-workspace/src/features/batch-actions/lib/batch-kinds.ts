import type { StatusKey } from '@/api/inventory';

/** The scan-a-batch screens: change location, change status, item process. */
export type BatchKind = 'move' | 'status_change' | 'process';
export const TARGET_STATUSES: StatusKey[] = [
  'in_stock',
  'in_process',
  'reserved',
  'in_transit',
  'returned',
  'defective',
  'scrapped',
];

export const TEXT = {
  move: { title: 'batch.moveTitle', subtitle: 'batch.moveSubtitle', confirm: 'batch.moveConfirm' },
  status_change: { title: 'batch.statusTitle', subtitle: 'batch.statusSubtitle', confirm: 'batch.statusConfirm' },
  process: { title: 'batch.processTitle', subtitle: 'batch.processSubtitle', confirm: 'batch.processConfirm' },
} as const;
