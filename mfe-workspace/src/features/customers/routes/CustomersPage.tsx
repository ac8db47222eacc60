import {
  Alert,
  Box,
  Button,
  Container,
  FormControlLabel,
  Stack,
  Switch,
  ToggleButton,
  ToggleButtonGroup,
} from '@mui/material';
import { ConfirmDialog, DataTable, PageHeader, useTableParams } from '@stockwise/kit';
import { errorMessage, resourceKey, useAccess } from '@stockwise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Customer } from '@/api/inventory';
import { useKeysetPage } from '@/hooks/useKeysetPage';
import { deleteCustomer, fetchCustomers, setActive, type Kind } from '../api';
import { CustomerDialog } from '../components/CustomerDialog';
import { useCustomerColumns } from '../hooks/useCustomerColumns';
import { useT } from '../i18n';

/**
 * /customers/list: customers and vendors — search, filter by kind, create, edit, deactivate (kit
 * DataTable + FormDialog). Someone with history is deactivated, not deleted: they keep their sales
 * and items, leave the pickers, and can be reactivated. Deleting is for a mistaken entry.
 */
export function CustomersPage() {
  const { t } = useT();
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const { params, gridProps } = useTableParams();
  const kind = (['customer', 'vendor'] as const).find((candidate) => candidate === search.get('kind'));
  const showInactive = search.get('inactive') === '1';
  const manage = useAccess().can('customers.manage');
  const [editing, setEditing] = useState<Customer | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Customer | null>(null);
  const [deactivating, setDeactivating] = useState<Customer | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const page = useKeysetPage({
    key: resourceKey('customers', 'list'),
    query: { search: params.q, kind, active: showInactive ? undefined : ('true' as const) },
    page: params.page,
    pageSize: params.pageSize,
    fetchPage: fetchCustomers,
  });

  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: resourceKey('customers') }),
    [queryClient],
  );
  const reactivate = useCallback(
    async (row: Customer) => {
      setError(null);
      try {
        await setActive(row.id, true);
        setMessage(t('customers.reactivated', { name: row.name }));
        await refresh();
      } catch (failure) {
        setError(errorMessage(failure, t('customers.reactivateFailed')));
      }
    },
    [refresh, t],
  );
  const actions = useMemo(
    () =>
      manage
        ? {
            edit: setEditing,
            deactivate: setDeactivating,
            reactivate: (row: Customer) => void reactivate(row),
            delete: setDeleting,
          }
        : null,
    [manage, reactivate],
  );
  const columns = useCustomerColumns(showInactive, actions);

  return (
    <Container maxWidth="lg" sx={{ py: 3, px: { xs: 1, sm: 3 } }}>
      <PageHeader
        title={t('customers.title')}
        subtitle={t('customers.subtitle')}
        actions={
          manage ? (
            <Button variant="contained" onClick={() => setEditing('new')}>
              {t('customers.add')}
            </Button>
          ) : undefined
        }
      />
      <Stack spacing={2}>
        <ToggleButtonGroup
          exclusive
          size="small"
          aria-label={t('customers.kindFilter')}
          value={kind ?? 'all'}
          onChange={(_, next: Kind | 'all' | null) => {
            if (!next) return;
            setSearch((previous) => {
              const url = new URLSearchParams(previous);
              if (next === 'all') url.delete('kind');
              else url.set('kind', next);
              url.delete('page');
              return url;
            });
          }}
        >
          <ToggleButton value="all">{t('customers.all')}</ToggleButton>
          <ToggleButton value="customer">{t('customers.customersOnly')}</ToggleButton>
          <ToggleButton value="vendor">{t('customers.vendorsOnly')}</ToggleButton>
        </ToggleButtonGroup>
        <FormControlLabel
          control={
            <Switch
              checked={showInactive}
              onChange={(event) =>
                setSearch((previous) => {
                  const url = new URLSearchParams(previous);
                  if (event.target.checked) url.set('inactive', '1');
                  else url.delete('inactive');
                  url.delete('page');
                  return url;
                })
              }
            />
          }
          label={t('customers.showInactive')}
        />
        {message ? (
          <Alert severity="success" role="status" onClose={() => setMessage(null)}>
            {message}
          </Alert>
        ) : null}
        {error ? (
          <Alert severity="error" onClose={() => setError(null)}>
            {error}
          </Alert>
        ) : null}
        <Box sx={{ overflowX: 'auto' }}>
          <DataTable<Customer>
            label={t('customers.title')}
            columns={columns}
            rows={page.rows}
            rowCount={page.rowCount}
            loading={page.result.isFetching}
            error={page.result.error}
            onRetry={() => void page.result.refetch()}
            gridProps={gridProps}
            empty={{
              title: t('customers.empty'),
              action: manage ? (
                <Button variant="contained" onClick={() => setEditing('new')}>
                  {t('customers.add')}
                </Button>
              ) : undefined,
            }}
            gridOptions={{ paginationMeta: page.paginationMeta }}
          />
        </Box>
      </Stack>
      <CustomerDialog
        editing={editing}
        kind={kind}
        onSaved={async (saved) => {
          setMessage(t('customers.saved', { name: saved.name }));
          await refresh();
        }}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('customers.deleteTitle', { name: deleting?.name ?? '' })}
        body={t('customers.deleteBody')}
        destructive
        confirmLabel={t('common:actions.delete')}
        onConfirm={async () => {
          if (!deleting) return;
          await deleteCustomer(deleting.id);
          setMessage(t('customers.deleted', { name: deleting.name }));
          await refresh();
        }}
        onClose={() => setDeleting(null)}
      />
      <ConfirmDialog
        open={deactivating !== null}
        title={t('customers.deactivateTitle', { name: deactivating?.name ?? '' })}
        body={t('customers.deactivateBody')}
        confirmLabel={t('customers.deactivateConfirm')}
        onConfirm={async () => {
          if (!deactivating) return;
          await setActive(deactivating.id, false);
          setMessage(t('customers.deactivated', { name: deactivating.name }));
          await refresh();
        }}
        onClose={() => setDeactivating(null)}
      />
    </Container>
  );
}
