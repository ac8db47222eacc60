import {
  Alert,
  Button,
  Checkbox,
  Chip,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { FormDialog, type DataTableProps } from '@stockwise/kit';
import { notify } from '@stockwise/shared';
import { useMemo, useState } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { z } from 'zod';
import { useLocations, useTransactionTypes, type TransactionTypeRow } from '@/api/catalogue';
import { actionsColumn, deleteAction, DeleteDialog, editAction, nameSchema } from '@/components/list-parts';
import { ListScreen } from '@/components/ListScreen';
import { SwitchField } from '@/components/SwitchField';
import { useT as useScreensT } from '@/i18n';
import {
  useDeleteTransactionType,
  useSaveTransactionType,
  useStatuses,
  type StatusKey,
} from '../api/transaction-types';
import { useT } from '../i18n';

const KINDS = ['process', 'move', 'status_change', 'return', 'scrap'] as const;
type Kind = TransactionTypeRow['kind'];
const STATUSES: StatusKey[] = [
  'in_stock',
  'in_process',
  'reserved',
  'in_transit',
  'sold',
  'returned',
  'defective',
  'scrapped',
];
/** Which kinds set a status, keep it, or take it per call (the engine's rules, as the API checks them). */
const setsStatus = (kind: Kind) => kind === 'process' || kind === 'return' || kind === 'scrap';
/** The engine's own entry points: their statuses are the engine's, not the company's. */
const fixedStatuses = (row: TransactionTypeRow | null) =>
  Boolean(row?.builtIn && (row.kind === 'receive' || row.kind === 'sell'));

type Values = {
  name: string;
  kind: Kind;
  fromStatuses: StatusKey[];
  toStatus: StatusKey | '';
  defaultFromLocationId: string;
  defaultToLocationId: string;
  customerRequired: boolean;
  printLabel: boolean;
  active: boolean;
};
const NEW: Values = {
  name: '',
  kind: 'process',
  fromStatuses: ['in_stock'],
  toStatus: 'in_process',
  defaultFromLocationId: '',
  defaultToLocationId: '',
  customerRequired: false,
  printLabel: false,
  active: true,
};
const valuesOf = (row: TransactionTypeRow): Values => ({
  name: row.name,
  kind: row.kind,
  fromStatuses: row.fromStatuses,
  toStatus: row.toStatus ?? '',
  defaultFromLocationId: row.defaultFromLocationId ?? '',
  defaultToLocationId: row.defaultToLocationId ?? '',
  customerRequired: row.customerRequired,
  printLabel: row.printLabel,
  active: row.active,
});

/** /settings/transaction-types — the built-in types and the company's own: what each may do to an item. */
export function TransactionTypesPage() {
  const { t: ts } = useScreensT();
  const { t } = useT();
  const types = useTransactionTypes();
  const statuses = useStatuses();
  const locations = useLocations();
  const save = useSaveTransactionType();
  const remove = useDeleteTransactionType();
  const [editing, setEditing] = useState<{ row: TransactionTypeRow | null } | null>(null);
  const [deleting, setDeleting] = useState<TransactionTypeRow | null>(null);

  const statusName = (key: StatusKey) => statuses.data?.find((s) => s.key === key)?.name ?? t(`statuses.${key}`);
  const kindName = (kind: Kind) => t(`kinds.${kind}`);
  const locationName = (id: string | null) => (id ? (locations.data?.find((l) => l.id === id)?.name ?? '') : '');

  const schema = useMemo(
    () =>
      z
        .object({
          name: nameSchema(ts, 120),
          kind: z.enum(['receive', 'sell', ...KINDS]),
          fromStatuses: z.array(z.enum(STATUSES as [StatusKey, ...StatusKey[]])),
          toStatus: z.union([z.enum(STATUSES as [StatusKey, ...StatusKey[]]), z.literal('')]),
          defaultFromLocationId: z.string(),
          defaultToLocationId: z.string(),
          customerRequired: z.boolean(),
          printLabel: z.boolean(),
          active: z.boolean(),
        })
        .superRefine((v, ctx) => {
          if (v.kind !== 'receive' && v.fromStatuses.length === 0)
            ctx.addIssue({ code: 'custom', path: ['fromStatuses'], message: t('transactionTypes.fromRequired') });
          if (setsStatus(v.kind) && !v.toStatus)
            ctx.addIssue({ code: 'custom', path: ['toStatus'], message: t('transactionTypes.toRequired') });
          if (v.toStatus === 'sold' && v.kind !== 'sell')
            ctx.addIssue({ code: 'custom', path: ['toStatus'], message: t('transactionTypes.soldOnlySale') });
        }),
    [t, ts],
  );

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

  const row = editing?.row ?? null;
  const locationOptions = (locations.data ?? []).filter((l) => l.active);
  const locationSelect = (
    control: Control<Values>,
    name: 'defaultFromLocationId' | 'defaultToLocationId',
    label: string,
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextField select label={label} {...field}>
          <MenuItem value="">{t('transactionTypes.noDefault')}</MenuItem>
          {locationOptions.map((l) => (
            <MenuItem key={l.id} value={l.id}>
              {l.name}
            </MenuItem>
          ))}
          {field.value && !locationOptions.some((l) => l.id === field.value) ? (
            <MenuItem value={field.value}>{locationName(field.value)}</MenuItem>
          ) : null}
        </TextField>
      )}
    />
  );

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
      <FormDialog
        open={editing !== null}
        title={row ? t('transactionTypes.editTitle', { name: row.name }) : t('transactionTypes.add')}
        schema={schema as unknown as z.ZodType<Values, Values>}
        defaultValues={row ? valuesOf(row) : NEW}
        onSubmit={async (values) => {
          const common = {
            name: values.name.trim(),
            defaultFromLocationId: values.defaultFromLocationId || null,
            defaultToLocationId: values.defaultToLocationId || null,
            customerRequired: values.customerRequired,
            printLabel: values.printLabel,
            active: values.active,
          };
          const statusesPart = fixedStatuses(row)
            ? {}
            : { fromStatuses: values.fromStatuses, toStatus: setsStatus(values.kind) ? values.toStatus || null : null };
          await save.mutateAsync({
            id: row?.id ?? null,
            body: row
              ? { ...common, ...statusesPart }
              : {
                  ...common,
                  kind: values.kind as (typeof KINDS)[number],
                  fromStatuses: values.fromStatuses,
                  ...statusesPart,
                },
          });
          notify(t('transactionTypes.saved'), 'success');
        }}
        onClose={() => setEditing(null)}
      >
        {(field, form) => {
          const kind = form.watch('kind');
          const locked = fixedStatuses(row);
          return (
            <>
              {row?.builtIn ? (
                <Alert severity="info">
                  {locked ? t('transactionTypes.builtInFixed') : t('transactionTypes.builtInNote')}
                </Alert>
              ) : null}
              <TextField label={t('transactionTypes.name')} required autoFocus {...field('name')} />
              <Controller
                control={form.control}
                name="kind"
                render={({ field: kindField }) => (
                  <TextField
                    select
                    label={t('transactionTypes.kind')}
                    disabled={row !== null}
                    helperText={row ? t('transactionTypes.kindFixed') : t(`kindHints.${kindField.value}`)}
                    {...kindField}
                  >
                    {(row ? [row.kind] : KINDS).map((k) => (
                      <MenuItem key={k} value={k}>
                        {kindName(k)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <Controller
                control={form.control}
                name="fromStatuses"
                render={({ field: from, fieldState }) => (
                  <FormControl component="fieldset" error={Boolean(fieldState.error)} disabled={locked}>
                    <FormLabel component="legend">{t('transactionTypes.fromStatuses')}</FormLabel>
                    <FormGroup row>
                      {STATUSES.map((key) => (
                        <FormControlLabel
                          key={key}
                          label={statusName(key)}
                          control={
                            <Checkbox
                              checked={from.value.includes(key)}
                              onChange={(event) =>
                                from.onChange(
                                  event.target.checked
                                    ? STATUSES.filter((s) => s === key || from.value.includes(s))
                                    : from.value.filter((s) => s !== key),
                                )
                              }
                            />
                          }
                        />
                      ))}
                    </FormGroup>
                    {fieldState.error ? <FormHelperText>{fieldState.error.message}</FormHelperText> : null}
                  </FormControl>
                )}
              />
              {setsStatus(kind) || locked ? (
                <Controller
                  control={form.control}
                  name="toStatus"
                  render={({ field: to, fieldState }) => (
                    <TextField
                      select
                      label={t('transactionTypes.toStatus')}
                      required
                      disabled={locked}
                      error={Boolean(fieldState.error)}
                      helperText={fieldState.error?.message}
                      {...to}
                    >
                      {STATUSES.filter((s) => s !== 'sold' || locked).map((key) => (
                        <MenuItem key={key} value={key}>
                          {statusName(key)}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
              ) : (
                <Alert severity="info" variant="outlined">
                  {kind === 'move' ? t('transactionTypes.moveKeeps') : t('transactionTypes.statusPerCall')}
                </Alert>
              )}
              {locationSelect(form.control, 'defaultFromLocationId', t('transactionTypes.defaultFrom'))}
              {locationSelect(form.control, 'defaultToLocationId', t('transactionTypes.defaultTo'))}
              <SwitchField
                control={form.control}
                name="customerRequired"
                label={t('transactionTypes.customerRequired')}
              />
              <SwitchField control={form.control} name="printLabel" label={t('transactionTypes.printLabel')} />
              <SwitchField control={form.control} name="active" label={t('transactionTypes.active')} />
            </>
          );
        }}
      </FormDialog>
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
