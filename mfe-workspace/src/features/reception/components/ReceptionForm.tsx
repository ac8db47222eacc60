import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Paper, Stack } from '@mui/material';
import { errorMessage, resourceKey } from '@stockwise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import type { Customer, Item } from '@/api/inventory';
import { receiveAgainstOrder, type PurchaseOrder } from '@/api/purchase-orders';
import { THROUGH_THE_TILL, TillQueue, TillStatus, useReceptionTill } from '@/offline';
import { ItemPhotos } from '@/components/ItemPhotos';
import type { ReceptionCatalogue } from '../hooks/useReceptionCatalogue';
import { useFocusFirstError } from '../hooks/useFocusFirstError';
import { useParsedSerials } from '../hooks/useParsedSerials';
import { useT } from '../i18n';
import {
  orderReceptionOf,
  receiveRequestOf,
  receptionSchema,
  startingReception,
  type ReceptionValues,
} from '../lib/reception-form';
import { AgainstOrder, type Against } from './AgainstOrder';
import { QuantityAgainstOrder } from './QuantityAgainstOrder';
import { ReceptionDetails } from './ReceptionDetails';
import { ReceptionResult } from './ReceptionResult';
import { SerialsSection } from './SerialsSection';

/** One batch of one item type into one location, all or nothing (react-hook-form + zod, as every form). */
export function ReceptionForm({ catalogue }: { catalogue: ReceptionCatalogue }) {
  const { t } = useT();
  const queryClient = useQueryClient();
  const fieldsOf = (itemTypeId: string) => catalogue.activeTypes.find((type) => type.id === itemTypeId)?.fields ?? [];
  // Where the form starts, read once: the page shows it only once the catalogue is loaded.
  const [start] = useState(() => startingReception(catalogue.activeTypes, catalogue.activeLocations));
  // Both chosen already: the serials are what is left to do, so they take the focus.
  const serialsFirst = Boolean(start.itemTypeId && start.locationId);
  const form = useForm<ReceptionValues>({
    resolver: zodResolver(
      receptionSchema(fieldsOf, {
        required: t('common:validation.required'),
        number: t('reception.invalidNumber'),
        invalidAmount: t('reception.invalidAmount'),
        invalidMonths: t('reception.invalidMonths'),
        noSerials: t('reception.noSerials'),
        tooMany: t('reception.tooMany'),
      }),
    ),
    defaultValues: start,
    // The first field in error is focused in the page's order (useFocusFirstError).
    shouldFocusError: false,
  });
  const parsed = useParsedSerials(form.control);
  const [searchParams] = useSearchParams();
  const [vendor, setVendor] = useState<Customer | null>(null);
  const [images, setImages] = useState<string[]>([]);
  const [done, setDone] = useState<string | null>(null);
  const [received, setReceived] = useState<Item[]>([]);
  const [printing, setPrinting] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(formRef);
  // Against a purchase order (the order page links here with ?order=): the line fills the details.
  const [against, setAgainst] = useState<Against>(() => ({
    orderId: searchParams.get('order') ?? '',
    modelId: '',
  }));
  const [lineMissing, setLineMissing] = useState(false);
  const byOrder = Boolean(against.orderId);
  // A line of a model tracked by quantity is received as a number, not serials (QuantityAgainstOrder).
  const [byQuantity, setByQuantity] = useState(false);

  function chooseAgainst(next: Against, order: PurchaseOrder | null) {
    setAgainst(next);
    setLineMissing(false);
    setDone(null);
    const line = order?.lines.find((l) => l.modelId === next.modelId);
    setByQuantity(Boolean(line?.trackedByQuantity));
    if (!order || !line || line.trackedByQuantity) return;
    form.setValue('itemTypeId', line.itemTypeId);
    form.setValue('modelId', line.modelId);
    form.setValue('brandId', line.brandId ?? '');
    form.setValue('model', line.modelName);
    form.setValue('cost', '');
    // Left empty, the sale price and warranty are the model's (the API fills them).
    form.setValue('salePrice', '');
    form.setValue('warrantyMonths', '');
    form.setValue('fields', {});
    setVendor({ id: order.vendorId, name: order.vendorName } as Customer);
  }

  // What the person types next is a new reception: the last one's message goes.
  useEffect(() => {
    // Only a person's edit ('change'), not the form clearing its serials after a reception.
    return form.subscribe({
      formState: { values: true },
      callback: ({ type }) => {
        if (type === 'change') setDone(null);
      },
    });
  }, [form]);

  // Offline, the reception is kept on the device and sent when the network returns.
  const till = useReceptionTill();
  const receive = useMutation({
    ...THROUGH_THE_TILL,
    mutationFn: till.receive,
    onSuccess: (items, body) => {
      form.setValue('serials', '');
      setImages([]);
      if (!items) {
        setReceived([]);
        return setDone(till.queuedText);
      }
      const location = catalogue.activeLocations.find((candidate) => candidate.id === body.locationId)?.name ?? '';
      setDone(t('reception.received', { count: items.length, location }));
      setReceived(items);
      setPrinting(catalogue.printOnReceive);
      // The next batch is usually the same kind of thing: only its serials and photos start afresh.
      void queryClient.invalidateQueries({ queryKey: resourceKey('items') });
    },
  });

  // Against an order: online only (what is due is the server's to count), with its own key so a
  // resend after a dropped answer receives once.
  const receiveOrder = useMutation({
    mutationFn: (values: ReceptionValues) =>
      receiveAgainstOrder(against.orderId, orderReceptionOf(values, fieldsOf(values.itemTypeId)), crypto.randomUUID()),
    onSuccess: ({ items, order }) => {
      form.setValue('serials', '');
      setDone(t('reception.receivedAgainst', { count: items.length, reference: order.reference }));
      setReceived(items);
      setPrinting(catalogue.printOnReceive);
      queryClient.setQueryData(resourceKey('purchase-orders', { id: order.id }), order);
      void queryClient.invalidateQueries({ queryKey: resourceKey('items') });
      void queryClient.invalidateQueries({ queryKey: resourceKey('purchase-orders') });
    },
  });
  const pending = receive.isPending || receiveOrder.isPending;

  const submit = form.handleSubmit((values) => {
    if (pending) return;
    if (byOrder) {
      if (!against.modelId) return setLineMissing(true);
      return receiveOrder.mutate(values);
    }
    receive.mutate(receiveRequestOf(values, fieldsOf(values.itemTypeId), vendor, images));
  }, focusFirstError);

  const count = parsed.serials.length;
  return (
    <Stack spacing={2}>
      <TillStatus kind="receive" />
      <AgainstOrder value={against} onChange={chooseAgainst} />
      {lineMissing ? (
        <Alert severity="error" role="alert">
          {t('reception.orderLineHelp')}
        </Alert>
      ) : null}
      {/* Two forms, never nested: a quantity line has its own (QuantityAgainstOrder). */}
      {byQuantity ? (
        <QuantityAgainstOrder against={against} catalogue={catalogue} />
      ) : (
        <Box component="form" ref={formRef} noValidate onSubmit={(event) => void submit(event)}>
          <Stack spacing={2}>
            <ReceptionDetails
              byOrder={byOrder}
              form={form}
              catalogue={catalogue}
              vendor={vendor}
              onVendor={setVendor}
              autoFocus={!serialsFirst}
            />
            <SerialsSection form={form} parsed={parsed} autoFocus={serialsFirst} />
            <Paper variant="outlined" sx={{ p: 2 }}>
              {/* The batch's photos: every received item names them. */}
              <ItemPhotos
                images={images}
                serial={t('reception.batch')}
                editable
                onChange={async (next) => setImages(next)}
              />
            </Paper>
            {receive.isError || receiveOrder.isError ? (
              <Alert severity="error" role="alert">
                {errorMessage(receive.error ?? receiveOrder.error, t('reception.failed'))}
              </Alert>
            ) : null}
            <TillQueue kind="receive" />
            <ReceptionResult message={done} received={received} printing={printing} onPrinting={setPrinting} />
            <Button type="submit" variant="contained" size="large" disabled={pending}>
              {pending ? t('reception.submitting') : t('reception.submit', { count })}
            </Button>
          </Stack>
        </Box>
      )}
    </Stack>
  );
}
