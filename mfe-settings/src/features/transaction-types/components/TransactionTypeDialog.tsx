import {
  Alert,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  MenuItem,
  TextField,
} from '@mui/material';
import { FormDialog } from '@stockwise/kit';
import { notify } from '@stockwise/shared';
import { useMemo } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { z } from 'zod';
import type { TransactionTypeRow } from '@/api/catalogue';
import { nameSchema } from '@/components/list-parts';
import { SwitchField } from '@/components/SwitchField';
import { useT as useScreensT } from '@/i18n';
import { useSaveTransactionType, type StatusKey } from '../api/transaction-types';
import { useTypeNames } from '../hooks/useTypeNames';
import { useT } from '../i18n';
import { fixedStatuses, KINDS, setsStatus, STATUSES, type Kind } from '../lib/kinds';

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

/**
 * Adding or editing a transaction type (kit FormDialog): the statuses it takes an item from and
 * to as its kind allows, default locations, and its switches. A kind is chosen once.
 */
export function TransactionTypeDialog({
  editing,
  onClose,
}: {
  /** `row: null` to add one; null when closed. */
  editing: { row: TransactionTypeRow | null } | null;
  onClose: () => void;
}) {
  const { t: ts } = useScreensT();
  const { t } = useT();
  const save = useSaveTransactionType();
  const { locations, statusName, kindName, locationName } = useTypeNames();

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

  const row = editing?.row ?? null;
  const locationOptions = locations.filter((l) => l.active);
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
      onClose={onClose}
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
  );
}
