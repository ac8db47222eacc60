import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Paper, Stack } from '@mui/material';
import { errorMessage, resourceKey } from '@stockwise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Customer, Item } from '@/api/inventory';
import { TillQueue, TillStatus, useReceptionTill } from '@/offline';
import { ItemPhotos } from '@/components/ItemPhotos';
import type { ReceptionCatalogue } from '../hooks/useReceptionCatalogue';
import { useFocusFirstError } from '../hooks/useFocusFirstError';
import { useParsedSerials } from '../hooks/useParsedSerials';
import { useT } from '../i18n';
import { receiveRequestOf, receptionSchema, startingReception, type ReceptionValues } from '../lib/reception-form';
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
  const [vendor, setVendor] = useState<Customer | null>(null);
  const [images, setImages] = useState<string[]>([]);
  const [done, setDone] = useState<string | null>(null);
  const [received, setReceived] = useState<Item[]>([]);
  const [printing, setPrinting] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(formRef);

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

  const submit = form.handleSubmit((values) => {
    if (receive.isPending) return;
    receive.mutate(receiveRequestOf(values, fieldsOf(values.itemTypeId), vendor, images));
  }, focusFirstError);

  const count = parsed.serials.length;
  return (
    <Box component="form" ref={formRef} noValidate onSubmit={(event) => void submit(event)}>
      <Stack spacing={2}>
        <TillStatus kind="receive" />
        <ReceptionDetails
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
        {receive.isError ? (
          <Alert severity="error" role="alert">
            {errorMessage(receive.error, t('reception.failed'))}
          </Alert>
        ) : null}
        <TillQueue kind="receive" />
        <ReceptionResult message={done} received={received} printing={printing} onPrinting={setPrinting} />
        <Button type="submit" variant="contained" size="large" disabled={receive.isPending}>
          {receive.isPending ? t('reception.submitting') : t('reception.submit', { count })}
        </Button>
      </Stack>
    </Box>
  );
}
