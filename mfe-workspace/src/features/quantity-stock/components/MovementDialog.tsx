import { MenuItem, TextField } from '@mui/material';
import { FormDialog } from '@stockwise/kit';
import { notify } from '@stockwise/shared';
import { useMemo } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { z } from 'zod';
import { countQuantity, moveQuantity, receiveQuantity, type Movement, type QuantityStock } from '../api';
import { useT } from '../i18n';

interface Values {
  locationId: string;
  toLocationId: string;
  quantity: string;
  reason: string;
}
type Place = { id: string; name: string };

function LocationSelect({
  control,
  name,
  label,
  places,
}: {
  control: Control<Values>;
  name: 'locationId' | 'toLocationId';
  label: string;
  places: Place[];
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          required
          label={label}
          {...field}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
        >
          {places.map((p) => (
            <MenuItem key={p.id} value={p.id}>
              {p.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

/**
 * Receive N at a location, move N from one to another, or count one (the counted number; the
 * difference is recorded with the reason). The API refuses taking more than is there (its words shown).
 */
export function MovementDialog({
  mode,
  stock,
  places,
  onClose,
  onDone,
}: {
  mode: Movement | null;
  stock: QuantityStock;
  places: Place[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useT();
  const schema = useMemo(() => {
    const whole = z
      .string()
      .refine((v) => /^\d+$/.test(v.trim()) && (mode === 'count' || Number(v) >= 1), t('quantityStock.wholeNumber'));
    return z
      .object({
        locationId: z.string().min(1, t('quantityStock.pickLocation')),
        toLocationId: z.string(),
        quantity: whole,
        reason:
          mode === 'count' ? z.string().trim().min(1, t('quantityStock.reasonRequired')).max(200) : z.string().max(200),
      })
      .refine((v) => mode !== 'move' || (v.toLocationId && v.toLocationId !== v.locationId), {
        path: ['toLocationId'],
        message: t('quantityStock.pickOther'),
      });
  }, [mode, t]);
  const first = stock.locations[0]?.locationId ?? places[0]?.id ?? '';
  const id = stock.modelId;
  return (
    <FormDialog<Values>
      open={mode !== null}
      title={mode ? t(`quantityStock.${mode}Title`, { model: stock.modelName }) : ''}
      schema={schema as unknown as z.ZodType<Values, Values>}
      defaultValues={{ locationId: first, toLocationId: '', quantity: mode === 'count' ? '' : '1', reason: '' }}
      submitLabel={mode ? t(`quantityStock.${mode}`) : ''}
      onSubmit={async (v) => {
        const n = Number(v.quantity);
        const reason = v.reason.trim() ? { reason: v.reason.trim() } : {};
        if (mode === 'receive') await receiveQuantity(id, { locationId: v.locationId, quantity: n, ...reason });
        if (mode === 'move')
          await moveQuantity(id, {
            fromLocationId: v.locationId,
            toLocationId: v.toLocationId,
            quantity: n,
            ...reason,
          });
        if (mode === 'count')
          await countQuantity(id, { locationId: v.locationId, counted: n, reason: v.reason.trim() });
        notify(t('quantityStock.done'), 'success');
        onDone();
      }}
      onClose={onClose}
    >
      {(field, form) => (
        <>
          <LocationSelect
            control={form.control}
            name="locationId"
            label={mode === 'move' ? t('quantityStock.from') : t('quantityStock.location')}
            places={places}
          />
          {mode === 'move' ? (
            <LocationSelect control={form.control} name="toLocationId" label={t('quantityStock.to')} places={places} />
          ) : null}
          <TextField
            label={mode === 'count' ? t('quantityStock.counted') : t('quantityStock.quantity')}
            required
            autoFocus
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            {...field('quantity')}
          />
          <TextField label={t('quantityStock.reason')} required={mode === 'count'} {...field('reason')} />
        </>
      )}
    </FormDialog>
  );
}
