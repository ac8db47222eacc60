import { Button, Chip, Stack } from '@mui/material';
import type { DataTableProps } from '@stockwise/kit';
import { useState } from 'react';
import { useTransactionTypes, type TransactionTypeRow } from '@/api/catalogue';
import { actionsColumn, deleteAction, DeleteDialog, editAction } from '@/components/list-parts';
import { ListScreen } from '@/components/ListScreen';
import { useT as useScreensT } from '@/i18n';
import { useDeleteTransactionType } from '../api/transaction-types';
import { TransactionTypeDialog } from '../components/TransactionTypeDialog';
import { useTypeNames } from '../hooks/useTypeNames';
import { useT } from '../i18n';
import type { Kind } from '../lib/kinds';

/** /settings/transaction-types — the built-in types and the company's own: what each may do to an item. */
export function TransactionTypesPage() {
  const { t: ts } = useScreensT();
  const { t } = useT();
  const types = useTransactionTypes();
  const remove = useDeleteTransactionType();
  const [editing, setEditing] = useState<{ row: TransactionTypeRow | null } | null>(null);
  const [deleting, setDeleting] = useState<TransactionTypeRow | null>(null);
  const { statusName, kindName } = useTypeNames();

  const columns: DataTableProps<TransactionTypeRow>['columns'] = [
    {
      field: 'name',
      headerName: t('transactionTypes.name'),
      flex: 1,
      minWidth: 170,
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
          <span>{row.name}</span>
          {row.builtIn ? <Chip size="small" label={t('transactionTypes.builtIn')} /> : null}
          {row.active ? null : <Chip size="small" variant="outlined" label={t('transactionTypes.inactive')} />}
        </Stack>
      ),
    },
    { field: 'kind', headerName: t('transactionTypes.kind'), width: 140, valueFormatter: (v: Kind) => kindName(v) },
    {
      field: 'fromStatuses',
      headerName: t('transactionTypes.fromStatuses'),
      flex: 1,
      minWidth: 200,
      sortable: false,
      valueGetter: (_v, row) => row.fromStatuses.map(statusName).join(', '),
    },
    {
      field: 'toStatus',
      headerName: t('transactionTypes.toStatus'),
      width: 150,
      valueGetter: (_v, row) => (row.toStatus ? statusName(row.toStatus) : t('transactionTypes.unchanged')),
    },
    actionsColumn(ts('list.actions'), (row) => [
      editAction(ts('list.edit', { name: row.name }), () => setEditing({ row })),
      // Built-in types are the engine's: edited (name, label, defaults), never deleted.
      !row.builtIn && deleteAction(ts('list.remove', { name: row.name }), () => setDeleting(row)),
    ]),
  ];
  const text = (row: TransactionTypeRow, field: string) => {
    switch (field) {
      case 'kind':
        return kindName(row.kind);
      case 'fromStatuses':
        return row.fromStatuses.map(statusName).join(', ');
      case 'toStatus':
        return row.toStatus ? statusName(row.toStatus) : '';
      default:
        return row.name;
    }
  };

  return (
    <ListScreen
      title={ts('screens.transactionTypes')}
      subtitle={t('transactionTypes.subtitle')}
      action={
        <Button variant="contained" onClick={() => setEditing({ row: null })}>
          {t('transactionTypes.add')}
        </Button>
      }
      query={types}
      columns={columns}
      text={text}
      searchFields={['name', 'kind']}
      empty={{ title: t('transactionTypes.emptyTitle') }}
      gridOptions={{ getRowHeight: () => 'auto' }}
    >
      <TransactionTypeDialog editing={editing} onClose={() => setEditing(null)} />
      <DeleteDialog
        row={deleting}
        body={t('transactionTypes.deleteBody')}
        done={t('transactionTypes.deleted')}
        remove={remove.mutateAsync}
        onClose={() => setDeleting(null)}
      />
    </ListScreen>
  );
}
