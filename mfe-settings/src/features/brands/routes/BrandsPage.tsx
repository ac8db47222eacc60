import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import { Button, TextField } from '@mui/material';
import { ConfirmDialog, FormDialog, RowAction, type DataTableProps } from '@stockwise/kit';
import { notify } from '@stockwise/shared';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { ListScreen } from '@/components/ListScreen';
import { useT as useScreensT } from '@/i18n';
import { useDateFormat } from '@/lib/format';
import { useBrands, useDeleteBrand, useSaveBrand, type Brand } from '../api/brands';
import { useT } from '../i18n';

type Editing = { id: string | null; name: string };
const NEW: Editing = { id: null, name: '' };

/** /settings/brands — the manufacturers: add, rename, delete while unused. */
export function BrandsPage() {
  const { t: ts } = useScreensT();
  const { t } = useT();
  const brands = useBrands();
  const save = useSaveBrand();
  const remove = useDeleteBrand();
  const date = useDateFormat();
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

  const columns: DataTableProps<Brand>['columns'] = [
    { field: 'name', headerName: t('brands.name'), flex: 1, minWidth: 160 },
    { field: 'createdAt', headerName: t('brands.created'), width: 140, filterable: false, valueFormatter: date },
    {
      field: 'actions',
      headerName: t('brands.actions'),
      width: 110,
      sortable: false,
      filterable: false,
      renderCell: ({ row }) => (
        <>
          <RowAction
            label={t('brands.edit', { name: row.name })}
            icon={<EditIcon fontSize="small" />}
            onClick={() => setEditing(row)}
          />
          <RowAction
            label={t('brands.remove', { name: row.name })}
            icon={<DeleteIcon fontSize="small" />}
            onClick={() => setDeleting(row)}
          />
        </>
      ),
    },
  ];

  return (
    <ListScreen
      title={ts('screens.brands')}
      subtitle={t('brands.subtitle')}
      action={
        <Button variant="contained" onClick={() => setEditing(NEW)}>
          {t('brands.add')}
        </Button>
      }
      query={{ ...brands, data: brands.data?.items }}
      columns={columns}
      text={(row, field) => (field === 'createdAt' ? row.createdAt : row.name)}
      searchFields={['name']}
      empty={{ title: t('brands.emptyTitle'), body: t('brands.emptyBody') }}
    >
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
    </ListScreen>
  );
}
