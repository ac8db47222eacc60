import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PersonOffOutlined from '@mui/icons-material/PersonOffOutlined';
import RestoreOutlined from '@mui/icons-material/RestoreOutlined';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  Container,
  FormControlLabel,
  FormHelperText,
  IconButton,
  Stack,
  Switch,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
} from '@mui/material';
import { ConfirmDialog, DataTable, FormDialog, PageHeader, useTableParams, type DataTableProps } from '@stockwise/kit';
import { call, EMAIL_PATTERN, errorMessage, resourceKey, useAccess, type ApiBody } from '@stockwise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import type { Customer, CustomerPage } from '@/api/inventory';
import { useKeysetPage } from '@/hooks/useKeysetPage';
import { useT } from '../i18n';

type Kind = 'customer' | 'vendor';
type CustomerBody = ApiBody<'createCustomer'>;

const fetchCustomers = (query: {
  search?: string;
  kind?: Kind;
  active?: 'true';
  cursor?: string;
  limit: number;
}): Promise<CustomerPage> => call('GET', '/api/customers', { query });
const saveCustomer = (id: string | null, body: CustomerBody): Promise<Customer> =>
  id ? call('PUT', '/api/customers/{id}', { params: { id }, body }) : call('POST', '/api/customers', { body });
const setActive = (id: string, active: boolean): Promise<Customer> =>
  call('PUT', '/api/customers/{id}', { params: { id }, body: { active } });
const deleteCustomer = async (id: string) => {
  await call('DELETE', '/api/customers/{id}', { params: { id } });
};

const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((value) => value || null);

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

  const schema = useMemo(
    () =>
      z
        .object({
          name: z.string().trim().min(1, t('common:validation.required')).max(200),
          isCustomer: z.boolean(),
          isVendor: z.boolean(),
          contactName: optional(200),
          email: z
            .string()
            .trim()
            .refine((value) => !value || EMAIL_PATTERN.test(value), t('common:validation.email'))
            .transform((value) => value || null),
          phone: optional(50),
          taxId: optional(50),
          address: optional(500),
          notes: optional(2000),
        })
        .refine((value) => value.isCustomer || value.isVendor, {
          message: t('customers.needKind'),
          path: ['isCustomer'],
        }),
    [t],
  );
  type Values = z.input<typeof schema>;

  const columns = useMemo<DataTableProps<Customer>['columns']>(
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
      ...(manage
        ? [
            {
              field: 'actions',
              headerName: t('customers.actions'),
              minWidth: 150,
              sortable: false,
              filterable: false,
              renderCell: ({ row }: { row: Customer }) => (
                <Box>
                  <IconButton aria-label={t('customers.edit', { name: row.name })} onClick={() => setEditing(row)}>
                    <EditOutlined />
                  </IconButton>
                  {row.active ? (
                    <IconButton
                      aria-label={t('customers.deactivate', { name: row.name })}
                      onClick={() => setDeactivating(row)}
                    >
                      <PersonOffOutlined />
                    </IconButton>
                  ) : (
                    <IconButton
                      aria-label={t('customers.reactivate', { name: row.name })}
                      onClick={() => void reactivate(row)}
                    >
                      <RestoreOutlined />
                    </IconButton>
                  )}
                  <IconButton aria-label={t('customers.delete', { name: row.name })} onClick={() => setDeleting(row)}>
                    <DeleteOutline />
                  </IconButton>
                </Box>
              ),
            } satisfies DataTableProps<Customer>['columns'][number],
          ]
        : []),
    ],
    [t, manage, showInactive, reactivate],
  );

  const current = editing && editing !== 'new' ? editing : null;
  const defaults: Values = {
    name: current?.name ?? '',
    isCustomer: current ? current.isCustomer : kind !== 'vendor',
    isVendor: current ? current.isVendor : kind === 'vendor',
    contactName: current?.contactName ?? '',
    email: current?.email ?? '',
    phone: current?.phone ?? '',
    taxId: current?.taxId ?? '',
    address: current?.address ?? '',
    notes: current?.notes ?? '',
  };

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
      <FormDialog<Values>
        open={editing !== null}
        title={current ? t('customers.editTitle', { name: current.name }) : t('customers.addTitle')}
        schema={schema as unknown as z.ZodType<Values, Values>}
        defaultValues={defaults}
        onSubmit={async (values) => {
          // zodResolver hands over the parsed output (trimmed, empty → null).
          const body = values as unknown as z.output<typeof schema>;
          const saved = await saveCustomer(current?.id ?? null, body);
          setMessage(t('customers.saved', { name: saved.name }));
          await refresh();
        }}
        onClose={() => setEditing(null)}
      >
        {(field, form) => (
          <>
            <TextField label={t('customers.name')} required autoFocus {...field('name')} />
            <Box>
              <Stack direction="row" spacing={2}>
                {(['isCustomer', 'isVendor'] as const).map((name) => (
                  <Controller
                    key={name}
                    control={form.control}
                    name={name}
                    render={({ field: box }) => (
                      <FormControlLabel
                        control={
                          <Checkbox
                            checked={Boolean(box.value)}
                            onChange={(event) => box.onChange(event.target.checked)}
                            onBlur={box.onBlur}
                            slotProps={{ input: { ref: box.ref } }}
                          />
                        }
                        label={t(name === 'isCustomer' ? 'customers.isCustomer' : 'customers.isVendor')}
                      />
                    )}
                  />
                ))}
              </Stack>
              {form.formState.errors.isCustomer ? (
                <FormHelperText error>{form.formState.errors.isCustomer.message}</FormHelperText>
              ) : null}
            </Box>
            <TextField label={t('customers.contactName')} {...field('contactName')} />
            <TextField label={t('customers.email')} type="email" {...field('email')} />
            <TextField label={t('customers.phone')} {...field('phone')} />
            <TextField label={t('customers.taxId')} {...field('taxId')} />
            <TextField label={t('customers.address')} multiline minRows={2} {...field('address')} />
            <TextField label={t('customers.notes')} multiline minRows={2} {...field('notes')} />
          </>
        )}
      </FormDialog>
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
