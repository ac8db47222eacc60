import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import { Button, IconButton, TextField, Tooltip } from '@mui/material';
import { ConfirmDialog, DataTable, FormDialog, PageHeader, useTableParams, type DataTableProps } from '@stockwise/kit';
import { notify } from '@stockwise/shared';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { Forbidden } from '@/components/States';
import { useT as useScreensT } from '@/i18n';
import { isForbidden } from '@/lib/errors';
import { localPage } from '@/lib/local-page';
import { useBrands, useDeleteBrand, useSaveBrand, type Brand } from '../api/brands';
import { useT } from '../i18n';

type Editing = { id: string | null; name: string };
const NEW: Editing = { id: null, name: '' };

/** /settings/brands — the manufacturers: add, rename, delete while unused. */
export function BrandsPage() {
  const { t: ts } = useScreensT();
  const { t, i18n } = useT();
  const { params, gridProps } = useTableParams();
  const brands = useBrands();
  const save = useSaveBrand();
  const remove = useDeleteBrand();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<Brand | null>(null);

  const schema = useMemo(
    () =>
      z.object({
        name: z
          .string()
          .trim()
          .min(1, t('brands.required'))
          .max(120, t('brands.tooLong', { max: 120 })),
      }),
    [t],
  );
  const date = useMemo(() => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }), [i18n.language]);
  const text = (row: Brand, field: string) => (field === 'createdAt' ? row.createdAt : row.name);
  const page = localPage(brands.data?.items, params, text, ['name']);

  const columns: DataTableProps<Brand>['columns'] = [
    { field: 'name', headerName: t('brands.name'), flex: 1, minWidth: 160 },
    {
      field: 'createdAt',
      headerName: t('brands.created'),
      width: 140,
      filterable: false,
      valueFormatter: (value: string) => date.format(new Date(value)),
    },
    {
      field: 'actions',
      headerName: t('brands.actions'),
      width: 110,
      sortable: false,
      filterable: false,
      renderCell: ({ row }) => (
        <>
          <Tooltip title={t('brands.edit', { name: row.name })}>
            <IconButton aria-label={t('brands.edit', { name: row.name })} onClick={() => setEditing(row)}>
              <EditIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('brands.remove', { name: row.name })}>
            <IconButton aria-label={t('brands.remove', { name: row.name })} onClick={() => setDeleting(row)}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </>
      ),
    },
  ];

  const addButton = (
    <Button variant="contained" onClick={() => setEditing(NEW)}>
      {t('brands.add')}
    </Button>
  );
  const forbidden = isForbidden(brands.error);

  return (
    <>
      <PageHeader
        title={ts('screens.brands')}
        subtitle={t('brands.subtitle')}
        actions={forbidden ? undefined : addButton}
      />
      {forbidden ? (
        <Forbidden />
      ) : (
        <DataTable
          label={ts('screens.brands')}
          columns={columns}
          rows={page?.items}
          rowCount={page?.total}
          loading={brands.isPending}
          error={brands.error}
          onRetry={() => void brands.refetch()}
          gridProps={gridProps}
          empty={{ title: t('brands.emptyTitle'), body: t('brands.emptyBody'), action: addButton }}
        />
      )}
      <FormDialog
        open={editing !== null}
        title={editing?.id ? t('brands.rename') : t('brands.add')}
        schema={schema}
        defaultValues={{ name: editing?.name ?? '' }}
        onSubmit={async (values) => {
          await save.mutateAsync({ id: editing?.id ?? null, body: { name: values.name.trim() } });
          notify(t('brands.saved'), 'success');
        }}
        onClose={() => setEditing(null)}
      >
        {(field) => <TextField label={t('brands.name')} required autoFocus {...field('name')} />}
      </FormDialog>
      <ConfirmDialog
        open={deleting !== null}
        destructive
        title={t('brands.deleteTitle', { name: deleting?.name ?? '' })}
        body={t('brands.deleteBody')}
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id);
          notify(t('brands.deleted'), 'success');
        }}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
