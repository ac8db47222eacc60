import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Grid, Paper, Stack, TextField, Typography } from '@mui/material';
import { errorMessage, fieldBinder, resourceKey } from '@stockwise/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  getPurchaseOrder,
  receiveAgainstOrder,
  type PurchaseOrder,
  type PurchaseOrderLine,
} from '@/api/purchase-orders';
import { CatalogueField } from '@/components/CatalogueSelect';
import { quantityOf } from '@/lib/quantity-models';
import type { ReceptionCatalogue } from '../hooks/useReceptionCatalogue';
import { useT } from '../i18n';
import type { Against } from './AgainstOrder';

interface Values {
  locationId: string;
  quantity: string;
  note: string;
}

/**
 * An order's line of a model tracked by quantity (cables, cases): what came in is a number, not
 * serials — where it goes, how many (at most what is still due: the API counts it again), and a
 * one-line note for the model's ledger. Online only, as every reception against an order.
 */
export function QuantityAgainstOrder({ against, catalogue }: { against: Against; catalogue: ReceptionCatalogue }) {
  // The order as AgainstOrder loaded it (the same query): what is due stays live as others receive.
  const order = useQuery({
    queryKey: resourceKey('purchase-orders', { id: against.orderId }),
    queryFn: () => getPurchaseOrder(against.orderId),
  }).data;
  const line = order?.lines.find((l) => l.modelId === against.modelId);
  return order && line ? <QuantityForm order={order} line={line} catalogue={catalogue} /> : null;
}

function QuantityForm({
  order,
  line,
  catalogue,
}: {
  order: PurchaseOrder;
  line: PurchaseOrderLine;
  catalogue: ReceptionCatalogue;
}) {
  const { t } = useT();
  const queryClient = useQueryClient();
  const [done, setDone] = useState<string | null>(null);
  const schema = useMemo(
    () =>
      z.object({
        locationId: z.string().min(1, t('common:validation.required')),
        quantity: z
          .string()
          .refine((v) => quantityOf(v) !== null, t('reception.wholeQuantity'))
          .refine((v) => (quantityOf(v) ?? 0) <= line.due, t('reception.moreThanDue', { due: line.due })),
        note: z.string().max(200, t('reception.noteTooLong')),
      }),
    [line.due, t],
  );
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      locationId: catalogue.activeLocations.length === 1 ? catalogue.activeLocations[0]!.id : '',
      quantity: String(line.due),
      note: '',
    },
  });
  const field = fieldBinder(form.register, form.formState.errors);
  const receive = useMutation({
    // Its own key per attempt: a resend after a dropped answer receives once.
    mutationFn: (v: Values) =>
      receiveAgainstOrder(
        order.id,
        {
          modelId: line.modelId,
          locationId: v.locationId,
          quantity: quantityOf(v.quantity)!,
          ...(v.note.trim() ? { note: v.note.trim() } : {}),
        },
        crypto.randomUUID(),
      ),
    onSuccess: (answer, v) => {
      const left = answer.order.lines.find((l) => l.modelId === line.modelId)?.due ?? 0;
      const location = catalogue.activeLocations.find((l) => l.id === v.locationId)?.name ?? '';
      setDone(
        t('reception.receivedQuantity', {
          count: quantityOf(v.quantity)!,
          model: line.modelName,
          location,
          reference: answer.order.reference,
        }),
      );
      form.reset({ ...v, quantity: String(left), note: '' });
      queryClient.setQueryData(resourceKey('purchase-orders', { id: answer.order.id }), answer.order);
      void queryClient.invalidateQueries({ queryKey: resourceKey('purchase-orders') });
      void queryClient.invalidateQueries({ queryKey: resourceKey('product-models') });
    },
  });
  const submit = form.handleSubmit((v) => {
    setDone(null);
    if (!receive.isPending) receive.mutate(v);
  });

  return (
    <Stack spacing={2} component="form" noValidate onSubmit={(event) => void submit(event)}>
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="reception-quantity">
        <Typography id="reception-quantity" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {t('reception.quantityTitle', { model: line.modelName })}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('reception.quantityHelp')}
        </Typography>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <CatalogueField
              control={form.control}
              name="locationId"
              fullWidth
              required
              label={t('reception.location')}
              options={catalogue.activeLocations}
              helperText=" "
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              fullWidth
              required
              autoFocus
              label={t('reception.quantity')}
              slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'reception-quantity' } }}
              {...field('quantity')}
              helperText={
                form.formState.errors.quantity?.message ??
                t('reception.quantityDue', { due: line.due, quantity: line.quantity })
              }
            />
          </Grid>
          <Grid size={{ xs: 12 }}>
            <TextField fullWidth label={t('reception.note')} {...field('note')} />
          </Grid>
        </Grid>
      </Paper>
      {receive.isError ? (
        <Alert severity="error" role="alert">
          {errorMessage(receive.error, t('reception.failed'))}
        </Alert>
      ) : null}
      {done ? (
        <Alert severity="success" role="status">
          {done}
        </Alert>
      ) : null}
      <Button type="submit" variant="contained" size="large" disabled={receive.isPending || line.due === 0}>
        {receive.isPending ? t('reception.submitting') : t('reception.submitQuantity')}
      </Button>
    </Stack>
  );
}
