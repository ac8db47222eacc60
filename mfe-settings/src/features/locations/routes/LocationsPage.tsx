import { Box, Button, Chip, MenuItem, TextField } from '@mui/material';
import { type DataTableProps, FormDialog } from '@stockwise/kit';
import { notify } from '@stockwise/shared';
import { useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { usePlanUsage } from '@/api/plan-usage';
import { actionsColumn, deleteAction, DeleteDialog, editAction, nameSchema } from '@/components/list-parts';
import { ListScreen } from '@/components/ListScreen';
import { planLimitAction, PlanUsageBar } from '@/components/PlanLimit';
import { SwitchField } from '@/components/SwitchField';
import { useT as useScreensT } from '@/i18n';
import { useDeleteLocation, useLocations, useSaveLocation, type Location } from '../api/locations';
import { useT } from '../i18n';
import { selfAndDescendants, toTree, type TreeRow } from '../lib/tree';

const KINDS = ['warehouse', 'store', 'other'] as const;
type Values = { name: string; kind: (typeof KINDS)[number]; parentId: string; active: boolean };
type Editing = { id: string | null; values: Values };
const NEW: Editing = { id: null, values: { name: '', kind: 'warehouse', parentId: '', active: true } };
const editingOf = (l: Location): Editing => ({
  id: l.id,
  values: { name: l.name, kind: l.kind, parentId: l.parentId ?? '', active: l.active },
});

/** /settings/stores — Locations: a tree of warehouses and stores, counted against the plan. */
export function LocationsPage() {
  const { t: ts } = useScreensT();
  const { t } = useT();
  const locations = useLocations();
  const usage = usePlanUsage();
  const save = useSaveLocation();
  const remove = useDeleteLocation();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<Location | null>(null);

  const schema = useMemo(
    () =>
      z.object({
        name: nameSchema(ts, 120),
        kind: z.enum(KINDS),
        parentId: z.string(),
        active: z.boolean(),
      }),
    [ts],
  );
  const tree = useMemo(() => (locations.data ? toTree(locations.data) : undefined), [locations.data]);
  const kindName = (kind: Location['kind']) => t(`locations.kinds.${kind}`);
  const text = (row: TreeRow, field: string) => {
    switch (field) {
      case 'kind':
        return kindName(row.kind);
      case 'parentName':
        return row.parentName;
      case 'active':
        return row.active ? t('locations.activeYes') : t('locations.activeNo');
      default:
        return row.path;
    }
  };
  const parents =
    editing && tree ? tree.filter((row) => !editing.id || !selfAndDescendants(tree, editing.id).has(row.id)) : [];

  const columns: DataTableProps<TreeRow>['columns'] = [
    {
      field: 'name',
      headerName: t('locations.name'),
      flex: 1,
      minWidth: 180,
      renderCell: ({ row }) => (
        <Box component="span" sx={{ pl: row.depth * 2.5 }} title={row.path}>
          {row.depth > 0 ? <span aria-hidden="true">└ </span> : null}
          <span>{row.name}</span>
        </Box>
      ),
    },
    {
      field: 'kind',
      headerName: t('locations.kind'),
      width: 130,
      valueFormatter: (value: Location['kind']) => kindName(value),
    },
    { field: 'parentName', headerName: t('locations.parent'), width: 160 },
    {
      field: 'active',
      headerName: t('locations.status'),
      width: 120,
      renderCell: ({ row }) => (
        <Chip
          size="small"
          color={row.active ? 'success' : 'default'}
          variant={row.active ? 'filled' : 'outlined'}
          label={row.active ? t('locations.activeYes') : t('locations.activeNo')}
        />
      ),
    },
    actionsColumn(ts('list.actions'), (row) => [
      editAction(t('locations.edit', { name: row.name }), () => setEditing(editingOf(row))),
      deleteAction(t('locations.remove', { name: row.name }), () => setDeleting(row)),
    ]),
  ];

  const addButton = (
    <Button variant="contained" onClick={() => setEditing(NEW)}>
      {t('locations.add')}
    </Button>
  );

  return (
    <ListScreen
      title={ts('screens.stores')}
      subtitle={t('locations.subtitle')}
      action={addButton}
      above={usage.data ? <PlanUsageBar label={t('locations.usage')} usage={usage.data} limit="locations" /> : null}
      query={{ ...locations, data: tree }}
      columns={columns}
      text={text}
      searchFields={['name', 'kind', 'active']}
      empty={{ title: t('locations.emptyTitle'), body: t('locations.emptyBody') }}
    >
      <FormDialog
        open={editing !== null}
        title={editing?.id ? t('locations.editTitle') : t('locations.add')}
        schema={schema}
        defaultValues={editing?.values ?? NEW.values}
        // Past the plan's limit (403 PLAN_LIMIT_LOCATIONS): the API's message with the way to Premium.
        errorAction={planLimitAction}
        onSubmit={async (values) => {
          await save.mutateAsync({
            id: editing?.id ?? null,
            body: {
              name: values.name.trim(),
              kind: values.kind,
              parentId: values.parentId || null,
              active: values.active,
            },
          });
          notify(t('locations.saved'), 'success');
        }}
        onClose={() => setEditing(null)}
      >
        {(field, form) => (
          <>
            <TextField label={t('locations.name')} required autoFocus {...field('name')} />
            <Controller
              control={form.control}
              name="kind"
              render={({ field: kind }) => (
                <TextField select label={t('locations.kind')} {...kind}>
                  {KINDS.map((k) => (
                    <MenuItem key={k} value={k}>
                      {kindName(k)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Controller
              control={form.control}
              name="parentId"
              render={({ field: parent, fieldState }) => (
                <TextField
                  select
                  label={t('locations.parent')}
                  {...parent}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                >
                  <MenuItem value="">{t('locations.noParent')}</MenuItem>
                  {parents.map((row) => (
                    <MenuItem key={row.id} value={row.id}>
                      {row.path}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <SwitchField control={form.control} name="active" label={t('locations.active')} />
          </>
        )}
      </FormDialog>
      <DeleteDialog
        row={deleting}
        body={t('locations.deleteBody')}
        done={t('locations.deleted')}
        remove={remove.mutateAsync}
        onClose={() => setDeleting(null)}
      />
    </ListScreen>
  );
}
