import { zodResolver } from '@hookform/resolvers/zod';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import { Alert, Box, Button, Grid, IconButton, Paper, Stack, TextField, Typography } from '@mui/material';
import { errorMessage, fieldBinder, resourceKey, useMoney } from '@stockwise/shared';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import type { Customer } from '@/api/inventory';
import {
  getOrderableModel,
  type OrderableModel,
  type PurchaseOrder,
  type PurchaseOrderBody,
} from '@/api/purchase-orders';
import { CustomerPicker } from '@/components/CustomerPicker';
import { amountOf } from '@/lib/item-form';
import { useT } from '../i18n';
import { ModelPicker } from './ModelPicker';
import { EMPTY_LINE, orderBodyOf, orderSchema, orderValuesOf, type OrderValues } from '../lib/order-form';

/**
 * A draft's vendor, note and lines (model, quantity, unit cost; an empty cost is the model's), as
 * react-hook-form + zod, as every form. `onSave` gets the body; its error is shown here.
 */
export function OrderForm({
  order,
  onSave,
  saving,
  error,
}: {
  order: PurchaseOrder | null;
  onSave: (body: PurchaseOrderBody) => void;
  saving: boolean;
  error: unknown;
}) {
  const { t } = useT();
  const money = useMoney();
  const [vendor, setVendor] = useState<Customer | null>(() =>
    order ? ({ id: order.vendorId, name: order.vendorName, email: order.vendorEmail } as Customer) : null,
  );
  const form = useForm<OrderValues>({
    resolver: zodResolver(
      orderSchema({
        vendor: t('purchaseOrder.errors.vendor'),
        model: t('purchaseOrder.errors.model'),
        quantity: t('purchaseOrder.errors.quantity'),
        unitCost: t('purchaseOrder.errors.unitCost'),
        lines: t('purchaseOrder.errors.lines'),
        twice: t('purchaseOrder.errors.twice'),
      }),
    ),
    defaultValues: orderValuesOf(order),
  });
  const { control, register, formState, setValue } = form;
  const field = fieldBinder(register, formState.errors);
  const lines = useFieldArray({ control, name: 'lines' });
  // The models the lines name: those picked here, and a draft's own (read once each, for their cost).
  // Kept in state, so each stays the same object between renders (the picker resets its text on a new one).
  const [picked, setPicked] = useState<Record<string, OrderableModel>>(() =>
    Object.fromEntries(
      (order?.lines ?? []).map((line) => [
        line.modelId,
        { id: line.modelId, name: line.modelName, brandName: line.brandName } as OrderableModel,
      ]),
    ),
  );
  const drafted = useQueries({
    queries: (order?.lines ?? []).map((line) => ({
      queryKey: resourceKey('product-models', line.modelId),
      queryFn: () => getOrderableModel(line.modelId),
    })),
  });
  const modelOf = (id: string): OrderableModel | null =>
    drafted.find((one) => one.data?.id === id)?.data ?? picked[id] ?? null;
  const values = useWatch({ control, name: 'lines' });
  const costOf = (modelId: string) => modelOf(modelId)?.cost ?? null;
  const total = values.reduce((sum, line) => {
    const unit = amountOf(line.unitCost) ?? costOf(line.modelId) ?? 0;
    const quantity = Number(line.quantity);
    return sum + (Number.isFinite(quantity) ? quantity * unit : 0);
  }, 0);

  return (
    <Box component="form" noValidate onSubmit={(event) => void form.handleSubmit((v) => onSave(orderBodyOf(v)))(event)}>
      <Stack spacing={2}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <CustomerPicker
                kind="vendor"
                id="po-vendor"
                label={t('purchaseOrder.vendor')}
                value={vendor}
                onChange={(next) => {
                  setVendor(next);
                  setValue('vendorId', next?.id ?? '', { shouldValidate: formState.isSubmitted });
                }}
              />
              {formState.errors.vendorId ? (
                <Typography color="error" variant="caption" role="alert">
                  {formState.errors.vendorId.message}
                </Typography>
              ) : null}
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField fullWidth label={t('purchaseOrder.note')} {...field('note')} />
            </Grid>
          </Grid>
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="po-lines">
          <Typography id="po-lines" variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
            {t('purchaseOrder.lines')}
          </Typography>
          <Stack spacing={2}>
            {lines.fields.map((line, n) => {
              const cost = costOf(values[n]?.modelId ?? '');
              return (
                <Grid container spacing={1} key={line.id} sx={{ alignItems: 'flex-start' }} data-testid="po-line">
                  <Grid size={{ xs: 12, sm: 6 }}>
                    <Controller
                      control={control}
                      name={`lines.${n}.modelId`}
                      render={({ field: f, fieldState }) => (
                        <ModelPicker
                          value={modelOf(f.value)}
                          error={fieldState.error?.message}
                          onChange={(model) => {
                            if (model) setPicked((all) => ({ ...all, [model.id]: model }));
                            f.onChange(model?.id ?? '');
                          }}
                        />
                      )}
                    />
                  </Grid>
                  <Grid size={{ xs: 4, sm: 2 }}>
                    <TextField
                      fullWidth
                      label={t('purchaseOrder.quantity')}
                      {...field(`lines.${n}.quantity`)}
                      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                    />
                  </Grid>
                  <Grid size={{ xs: 6, sm: 3 }}>
                    <TextField
                      fullWidth
                      label={t('purchaseOrder.unitCost')}
                      {...field(`lines.${n}.unitCost`)}
                      placeholder={cost === null ? undefined : String(cost)}
                      helperText={
                        formState.errors.lines?.[n]?.unitCost?.message ??
                        (cost === null ? ' ' : `${t('purchaseOrder.modelCost')}: ${money(cost)}`)
                      }
                      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                    />
                  </Grid>
                  <Grid size={{ xs: 2, sm: 1 }}>
                    <IconButton
                      aria-label={t('purchaseOrder.removeLine', { n: n + 1 })}
                      onClick={() => lines.remove(n)}
                      disabled={lines.fields.length === 1}
                    >
                      <DeleteOutline />
                    </IconButton>
                  </Grid>
                </Grid>
              );
            })}
            {formState.errors.lines?.root?.message || formState.errors.lines?.message ? (
              <Alert severity="error">{formState.errors.lines?.root?.message ?? formState.errors.lines?.message}</Alert>
            ) : null}
            <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
              <Button onClick={() => lines.append({ ...EMPTY_LINE })}>{t('purchaseOrder.addLine')}</Button>
              <Typography sx={{ fontWeight: 600 }} data-testid="po-total">
                {t('purchaseOrder.total')}: {money(total)}
              </Typography>
            </Stack>
          </Stack>
        </Paper>
        {error ? (
          <Alert severity="error" role="alert">
            {errorMessage(error, t('purchaseOrder.failed'))}
          </Alert>
        ) : null}
        <Box>
          <Button type="submit" variant="contained" disabled={saving}>
            {saving ? t('purchaseOrder.saving') : t('purchaseOrder.save')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
