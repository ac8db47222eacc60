import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import { Box, Button, Chip, FormControlLabel, IconButton, MenuItem, Switch, TextField, Tooltip } from '@mui/material';
import {
  ConfirmDialog,
  DataTable,
  type DataTableProps,
  Forbidden,
  FormDialog,
  isForbidden,
  PageHeader,
  useTableParams,
} from '@stockwise/kit';
import { errorMessage, notify } from '@stockwise/shared';
import { useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { usePlanUsage } from '@/api/plan-usage';
import { PlanLimitAlert, PlanUsageBar } from '@/components/PlanLimit';
import { useT as useScreensT } from '@/i18n';
import { isPlanLimit } from '@/lib/errors';
import { localPage } from '@/lib/local-page';
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
  const { params, gridProps } = useTableParams();
  const locations = useLocations();
  const usage = usePlanUsage();
  const save = useSaveLocation();
  const remove = useDeleteLocation();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<Location | null>(null);
  const [limit, setLimit] = useState<string | null>(null);

  const schema = useMemo(
    () =>
      z.object({
        name: z
          .string()
          .trim()
          .min(1, t('locations.required'))
          .max(120, t('locations.tooLong', { max: 120 })),
        kind: z.enum(KINDS),
        parentId: z.string(),
        active: z.boolean(),
      }),
    [t],
  );
  const tree = useMemo(() => (locations.data ? toTree(locations.data.items) : undefined), [locations.data]);
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
  const page = localPage(tree, params, text, ['name', 'kind', 'active']);
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
    {
      field: 'actions',
      headerName: t('locations.actions'),
      width: 110,
      sortable: false,
      filterable: false,
      renderCell: ({ row }) => (
        <>
          <Tooltip title={t('locations.edit', { name: row.name })}>
            <IconButton aria-label={t('locations.edit', { name: row.name })} onClick={() => setEditing(editingOf(row))}>
              <EditIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('locations.remove', { name: row.name })}>
            <IconButton aria-label={t('locations.remove', { name: row.name })} onClick={() => setDeleting(row)}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </>
      ),
    },
  ];

  const open = (next: Editing) => {
    setLimit(null);
    setEditing(next);
  };
  const addButton = (
    <Button variant="contained" onClick={() => open(NEW)}>
      {t('locations.add')}
    </Button>
  );
  const forbidden = isForbidden(locations.error);

  return (
    <>
      <PageHeader
        title={ts('screens.stores')}
        subtitle={t('locations.subtitle')}
        actions={forbidden ? undefined : addButton}
      />
      {forbidden ? (
        <Forbidden />
      ) : (
        <>
          {usage.data ? <PlanUsageBar label={t('locations.usage')} usage={usage.data} limit="locations" /> : null}
          <DataTable
            label={ts('screens.stores')}
            columns={columns}
            rows={page?.items}
            rowCount={page?.total}
            loading={locations.isPending}
            error={locations.error}
            onRetry={() => void locations.refetch()}
            gridProps={gridProps}
            empty={{ title: t('locations.emptyTitle'), body: t('locations.emptyBody'), action: addButton }}
          />
        </>
      )}
      <FormDialog
        open={editing !== null}
        title={editing?.id ? t('locations.editTitle') : t('locations.add')}
        schema={schema}
        defaultValues={editing?.values ?? NEW.values}
        onSubmit={async (values) => {
          setLimit(null);
          try {
            await save.mutateAsync({
              id: editing?.id ?? null,
              body: {
                name: values.name.trim(),
                kind: values.kind,
                parentId: values.parentId || null,
                active: values.active,
              },
            });
          } catch (failure) {
            // Past the plan's limit: the API's message in the dialog, with the way to Premium.
            if (isPlanLimit(failure, 'PLAN_LIMIT_LOCATIONS')) setLimit(errorMessage(failure, ''));
            throw failure;
          }
          notify(t('locations.saved'), 'success');
        }}
        onClose={() => setEditing(null)}
      >
        {(field, form) => (
          <>
            {limit ? <PlanLimitAlert message={limit} /> : null}
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
            <Controller
              control={form.control}
              name="active"
              render={({ field: active }) => (
                <FormControlLabel
                  label={t('locations.active')}
                  control={
                    <Switch
                      checked={active.value}
                      onChange={(event) => active.onChange(event.target.checked)}
                      onBlur={active.onBlur}
                      name={active.name}
                      slotProps={{ input: { ref: active.ref } }}
                    />
                  }
                />
              )}
            />
          </>
        )}
      </FormDialog>
      <ConfirmDialog
        open={deleting !== null}
        destructive
        title={t('locations.deleteTitle', { name: deleting?.name ?? '' })}
        body={t('locations.deleteBody')}
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id);
          notify(t('locations.deleted'), 'success');
        }}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
