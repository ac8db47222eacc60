import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PersonOffOutlined from '@mui/icons-material/PersonOffOutlined';
import RestoreOutlined from '@mui/icons-material/RestoreOutlined';
import { Box, Chip, IconButton } from '@mui/material';
import type { DataTableProps } from '@stockwise/kit';
import { useMemo } from 'react';
import type { Customer } from '@/api/inventory';
import { useT } from '../i18n';

/** What a row's action buttons do; without them (no customers.manage) the column is not there. */
export interface CustomerRowActions {
  edit: (row: Customer) => void;
  deactivate: (row: Customer) => void;
  reactivate: (row: Customer) => void;
  delete: (row: Customer) => void;
}

/** The customers table's columns: the state column only when the inactive are shown. */
export function useCustomerColumns(showInactive: boolean, actions: CustomerRowActions | null) {
  const { t } = useT();
  return useMemo<DataTableProps<Customer>['columns']>(
    () => [
      { field: 'name', headerName: t('customers.name'), flex: 1.5, minWidth: 160, sortable: false, filterable: false },
      {
        field: 'kind',
        headerName: t('customers.kind'),
        minWidth: 150,
        sortable: false,
        filterable: false,
        valueGetter: (_: unknown, row: Customer) =>
          [row.isCustomer ? t('customers.customer') : null, row.isVendor ? t('customers.vendor') : null]
            .filter(Boolean)
            .join(', '),
      },
      {
        field: 'contactName',
        headerName: t('customers.contactName'),
        flex: 1,
        minWidth: 130,
        sortable: false,
        filterable: false,
      },
      { field: 'email', headerName: t('customers.email'), flex: 1, minWidth: 160, sortable: false, filterable: false },
      { field: 'phone', headerName: t('customers.phone'), minWidth: 130, sortable: false, filterable: false },
      ...(showInactive
        ? [
            {
              field: 'active',
              headerName: t('customers.state'),
              minWidth: 120,
              sortable: false,
              filterable: false,
              renderCell: ({ row }: { row: Customer }) =>
                row.active ? t('customers.active') : <Chip size="small" label={t('customers.inactive')} />,
            } satisfies DataTableProps<Customer>['columns'][number],
          ]
        : []),
      ...(actions
        ? [
            {
              field: 'actions',
              headerName: t('customers.actions'),
              minWidth: 150,
              sortable: false,
              filterable: false,
              renderCell: ({ row }: { row: Customer }) => (
                <Box>
                  <IconButton aria-label={t('customers.edit', { name: row.name })} onClick={() => actions.edit(row)}>
                    <EditOutlined />
                  </IconButton>
                  {row.active ? (
                    <IconButton
                      aria-label={t('customers.deactivate', { name: row.name })}
                      onClick={() => actions.deactivate(row)}
                    >
                      <PersonOffOutlined />
                    </IconButton>
                  ) : (
                    <IconButton
                      aria-label={t('customers.reactivate', { name: row.name })}
                      onClick={() => actions.reactivate(row)}
                    >
                      <RestoreOutlined />
                    </IconButton>
                  )}
                  <IconButton
                    aria-label={t('customers.delete', { name: row.name })}
                    onClick={() => actions.delete(row)}
                  >
                    <DeleteOutline />
                  </IconButton>
                </Box>
              ),
            } satisfies DataTableProps<Customer>['columns'][number],
          ]
        : []),
    ],
    [t, showInactive, actions],
  );
}
