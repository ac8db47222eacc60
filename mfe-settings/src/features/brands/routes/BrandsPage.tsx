import { Button, TextField } from '@mui/material';
import { FormDialog, type DataTableProps } from '@stockwise/kit';
import { notify } from '@stockwise/shared';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { actionsColumn, deleteAction, DeleteDialog, editAction, nameSchema } from '@/components/list-parts';
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

  const schema = useMemo(() => z.object({ name: nameSchema(ts, 120) }), [ts]);

  const columns: DataTableProps<Brand>['columns'] = [
    { field: 'name', headerName: t('brands.name'), flex: 1, minWidth: 160 },
    { field: 'createdAt', headerName: t('brands.created'), width: 140, filterable: false, valueFormatter: date },
    actionsColumn(ts('list.actions'), (row) => [
      editAction(t('brands.edit', { name: row.name }), () => setEditing(row)),
      deleteAction(ts('list.remove', { name: row.name }), () => setDeleting(row)),
    ]),
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
      query={brands}
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
      <DeleteDialog
        row={deleting}
        body={t('brands.deleteBody')}
        done={t('brands.deleted')}
        remove={remove.mutateAsync}
        onClose={() => setDeleting(null)}
      />
    </ListScreen>
  );
}
