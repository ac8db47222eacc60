import { Button, Chip, TextField } from '@mui/material';
import { FormDialog, type DataTableProps } from '@stockwise/kit';
import { notify } from '@stockwise/shared';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { actionsColumn, deleteAction, DeleteDialog, editAction, nameSchema } from '@/components/list-parts';
import { ListScreen } from '@/components/ListScreen';
import { SwitchField } from '@/components/SwitchField';
import { useT as useScreensT } from '@/i18n';
import { useDeleteItemType, useItemTypes, useSaveItemType, type ItemType } from '../api/item-types';
import { FieldBuilder } from '../components/FieldBuilder';
import { useT } from '../i18n';
import { fieldsSchema, OPTION_MAX, toDefinition, toDraft, type FieldDraft } from '../lib/fields';

type Values = {
  name: string;
  serialRequired: boolean;
  warrantyMonths: string;
  active: boolean;
  fields: FieldDraft[];
};
const NEW: Values = { name: '', serialRequired: true, warrantyMonths: '0', active: true, fields: [] };
const valuesOf = (row: ItemType): Values => ({
  name: row.name,
  serialRequired: row.serialRequired,
  warrantyMonths: String(row.warrantyMonths),
  active: row.active,
  fields: row.fields.map(toDraft),
});

/** /settings/item-types — what a company's items are: serials, warranty, and their own fields. */
export function ItemTypesPage() {
  const { t: ts } = useScreensT();
  const { t } = useT();
  const itemTypes = useItemTypes();
  const save = useSaveItemType();
  const remove = useDeleteItemType();
  const [editing, setEditing] = useState<{ row: ItemType | null } | null>(null);
  const [deleting, setDeleting] = useState<ItemType | null>(null);

  const schema = useMemo(
    () =>
      z.object({
        name: nameSchema(ts, 120),
        serialRequired: z.boolean(),
        warrantyMonths: z
          .string()
          .regex(/^\s*([0-9]|[1-9][0-9]{1,2})\s*$/, t('itemTypes.warrantyRange'))
          .refine((v) => Number(v) <= 600, t('itemTypes.warrantyRange')),
        active: z.boolean(),
        fields: fieldsSchema({
          labelRequired: t('itemTypes.labelRequired'),
          keyPattern: t('itemTypes.keyPattern'),
          keyTaken: t('itemTypes.keyTaken'),
          optionsRequired: t('itemTypes.optionsRequired'),
          tooLong: ts('list.tooLong', { max: 80 }),
          optionTooLong: t('itemTypes.optionTooLong', { max: OPTION_MAX }),
        }),
      }),
    [t, ts],
  );

  const yes = (value: boolean) => (value ? t('itemTypes.yes') : t('itemTypes.no'));
  const columns: DataTableProps<ItemType>['columns'] = [
    { field: 'name', headerName: t('itemTypes.name'), flex: 1, minWidth: 160 },
    {
      field: 'serialRequired',
      headerName: t('itemTypes.serialRequired'),
      width: 150,
      valueFormatter: (value: boolean) => yes(value),
    },
    { field: 'warrantyMonths', headerName: t('itemTypes.warrantyMonths'), width: 150, type: 'number' },
    {
      field: 'fields',
      headerName: t('itemTypes.customFields'),
      flex: 1,
      minWidth: 180,
      sortable: false,
      valueGetter: (_value, row) => row.fields.map((f) => f.label).join(', '),
    },
    {
      field: 'active',
      headerName: t('itemTypes.status'),
      width: 110,
      renderCell: ({ row }) =>
        row.active ? null : <Chip size="small" variant="outlined" label={t('itemTypes.inactive')} />,
    },
    actionsColumn(ts('list.actions'), (row) => [
      editAction(ts('list.edit', { name: row.name }), () => setEditing({ row })),
      deleteAction(ts('list.remove', { name: row.name }), () => setDeleting(row)),
    ]),
  ];
  const text = (row: ItemType, field: string): string => {
    switch (field) {
      case 'serialRequired':
        return yes(row.serialRequired);
      case 'warrantyMonths':
        return String(row.warrantyMonths).padStart(4, '0');
      case 'fields':
        return row.fields.map((f) => f.label).join(', ');
      case 'active':
        return row.active ? '' : t('itemTypes.inactive');
      default:
        return row.name;
    }
  };
  const existingKeys = useMemo(() => new Set(editing?.row?.fields.map((f) => f.key) ?? []), [editing]);

  return (
    <ListScreen
      title={ts('screens.itemTypes')}
      subtitle={t('itemTypes.subtitle')}
      action={
        <Button variant="contained" onClick={() => setEditing({ row: null })}>
          {t('itemTypes.add')}
        </Button>
      }
      query={itemTypes}
      columns={columns}
      text={text}
      searchFields={['name', 'fields']}
      empty={{ title: t('itemTypes.emptyTitle'), body: t('itemTypes.emptyBody') }}
    >
      <FormDialog
        open={editing !== null}
        title={editing?.row ? t('itemTypes.editTitle', { name: editing.row.name }) : t('itemTypes.add')}
        schema={schema}
        defaultValues={editing?.row ? valuesOf(editing.row) : NEW}
        onSubmit={async (values) => {
          await save.mutateAsync({
            id: editing?.row?.id ?? null,
            body: {
              name: values.name.trim(),
              serialRequired: values.serialRequired,
              warrantyMonths: Number(values.warrantyMonths),
              active: values.active,
              fields: values.fields.map(toDefinition),
            },
          });
          notify(t('itemTypes.saved'), 'success');
        }}
        onClose={() => setEditing(null)}
      >
        {(field, form) => (
          <>
            <TextField label={t('itemTypes.name')} required autoFocus {...field('name')} />
            <TextField
              label={t('itemTypes.warrantyMonths')}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              {...field('warrantyMonths')}
            />
            <SwitchField control={form.control} name="serialRequired" label={t('itemTypes.serialRequired')} />
            <SwitchField control={form.control} name="active" label={t('itemTypes.active')} />
            <FieldBuilder form={form} field={field} existingKeys={existingKeys} />
          </>
        )}
      </FormDialog>
      <DeleteDialog
        row={deleting}
        body={t('itemTypes.deleteBody')}
        done={t('itemTypes.deleted')}
        remove={remove.mutateAsync}
        onClose={() => setDeleting(null)}
      />
    </ListScreen>
  );
}
