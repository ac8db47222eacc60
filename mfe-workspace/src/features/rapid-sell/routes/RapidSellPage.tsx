import { Alert, Box, Button, Container, Stack, TextField } from '@mui/material';
import { PageHeader } from '@stockwise/kit';
import { errorMessage, resourceKey, useMoney } from '@stockwise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type KeyboardEvent } from 'react';
import type { Customer, Item } from '@/api/inventory';
import { CustomerPicker } from '@/components/CustomerPicker';
import { ItemCard } from '@/components/ItemCard';
import { ScanField } from '@/components/ScanField';
import { Forbidden, isForbidden, statusOf } from '@/components/ScreenStates';
import { useScanLookup } from '@/hooks/useScanLookup';
import { useSellable } from '@/hooks/useSellable';
import { useStatusName } from '@/components/StatusChip';
import { moneyInput, parseMoney } from '@/lib/format';
import { DiscountField } from '@/components/sale/DiscountField';
import { useDiscounts } from '@/components/sale/useDiscounts';
import { THROUGH_THE_TILL, TillQueue, TillStatus, useCounterTill } from '@/offline';
import { useT } from '../i18n';
import { QuantityLineCard } from '../components/QuantityLineCard';
import { SoldList, type SoldSale } from '../components/SoldList';
import { useQuantityLine } from '../lib/quantity-line';

type SaleLine = Parameters<ReturnType<typeof useCounterTill>['sell']>[0]['lines'][number];
type Message = { severity: 'success' | 'error' | 'info'; text: string } | null;

/**
 * /actions/rapid-sell: scanner first. A scan (characters + Enter) looks the serial up; Enter again
 * (in the empty scan field or the price) sells it as a one-line sale; the scan field takes focus
 * again for the next item. Escape drops the item on screen. A refused item shows the API's words.
 * A barcode of a model sold by quantity (no serial) puts one of it on screen; each scan adds one.
 */
export function RapidSellPage() {
  const { t, i18n } = useT();
  const language = i18n.language;
  const money = useMoney();
  const discounts = useDiscounts();
  const queryClient = useQueryClient();
  const priceRef = useRef<HTMLInputElement>(null);
  const [item, setItem] = useState<Item | null>(null);
  const [price, setPrice] = useState('');
  const [priceError, setPriceError] = useState(false);
  const [customer, setCustomer] = useState<Customer | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const [forbidden, setForbidden] = useState(false);
  const [sold, setSold] = useState<SoldSale[]>([]);
  // A model tracked by quantity (no serial): its barcode adds one to the line on screen.
  const qty = useQuantityLine(language, (model, quantity) =>
    setMessage({ severity: 'info', text: t('rapidSell.readyQuantity', { quantity, model: model.name }) }),
  );
  const { sellable, judged } = useSellable();
  const statusName = useStatusName();
  // Offline, a scan is queued on the device (sold at its sale price when the network returns).
  const counter = useCounterTill();
  // The item on screen may be sold: a sold, scrapped or moving one is shown with why not, and no sale.
  const forSale = item !== null && sellable(item);

  const { scanRef, serial, setSerial, focusScan, lookup } = useScanLookup({
    failedText: t('rapidSell.lookupFailed'),
    judgedAfter: judged,
    onFound: (found) => {
      qty.clear();
      setItem(found);
      setPrice(moneyInput(found.salePrice, language));
      setPriceError(false);
      setMessage(
        !sellable(found)
          ? {
              severity: 'error',
              text:
                found.status === 'sold'
                  ? t('rapidSell.alreadySold')
                  : t('rapidSell.notSellable', { serial: found.serial, status: statusName(found.status) }),
            }
          : {
              severity: 'info',
              text: t('rapidSell.ready', { serial: found.serial, price: money(found.salePrice) }),
            },
      );
    },
    onMiss: (text, error, scanned) => {
      setItem(null);
      if (counter.unreachable(error)) return queueOffline(scanned);
      if (isForbidden(error)) setForbidden(true);
      if (statusOf(error) !== 404) return setMessage({ severity: 'error', text });
      // Not a serial: perhaps the barcode of a model sold by quantity.
      const missed = () => setMessage({ severity: 'error', text });
      void qty.startFrom(scanned).then((model) => model ?? missed(), missed);
    },
  });

  const sell = useMutation({
    ...THROUGH_THE_TILL,
    mutationFn: ({ lines, label }: { lines: SaleLine[]; label: string }) =>
      counter.sell({ lines, customerId: customer?.id ?? null }, label),
    onSuccess: (sale, { label }) => {
      // No sale: kept on the device, sent when the network returns (listed under the till's queue).
      if (!sale) setMessage({ severity: 'info', text: counter.queuedText });
      else {
        const text = t('rapidSell.sold', {
          serial: label,
          price: money(sale.total, sale.currency),
          number: sale.number,
        });
        setMessage({ severity: 'success', text });
        setSold((previous) => [{ sale, serial: label }, ...previous].slice(0, 20));
      }
      setItem(null);
      qty.clear();
      setPrice('');
      setCustomer(null);
      void queryClient.invalidateQueries({ queryKey: resourceKey('items') });
      void queryClient.invalidateQueries({ queryKey: resourceKey('sales') });
      void queryClient.invalidateQueries({ queryKey: resourceKey('product-models') });
    },
    onError: (error) => {
      if (isForbidden(error)) setForbidden(true);
      // The API's 409 names the serial and why (e.g. "SN-1: sold items cannot be sold. Nothing was changed.").
      setMessage({ severity: 'error', text: errorMessage(error, t('rapidSell.failed')) });
      setItem(null);
      setPrice('');
    },
    onSettled: focusScan,
  });

  const busy = lookup.isPending || sell.isPending;

  function confirm() {
    if (qty.line) {
      const line = qty.body();
      if (line && !busy) sell.mutate({ lines: [line], label: `${line.quantity} × ${qty.line.model.name}` });
      return;
    }
    if (!item || !forSale || busy) return;
    const amount = parseMoney(price);
    if (!discounts.valid(item.id, amount)) return;
    if (amount === null) {
      setPriceError(true);
      priceRef.current?.focus();
      return;
    }
    sell.mutate({
      lines: [{ itemId: item.id, price: amount, discount: discounts.amount(item.id) ?? 0 }],
      label: item.serial,
    });
  }

  /**
   * Without the network: a barcode this device knows as a model sold by quantity starts its line
   * (sold, or queued, with Enter); any other scan waits in the queue as it is, and when the network
   * returns it sells the item with that serial or, failing one, one of the model with that barcode.
   */
  function queueOffline(scanned: string) {
    setItem(null);
    void qty.startFromKept(scanned).then(async (model) => {
      if (!model) setMessage(await counter.queueScan(scanned, customer?.id ?? null));
    });
  }

  function scan(scanned: string) {
    setSerial('');
    // Another scan of the model on screen adds one, with or without the network.
    if (qty.more(scanned)) return focusScan();
    if (counter.offline()) {
      queueOffline(scanned);
      return focusScan();
    }
    setMessage({ severity: 'info', text: t('rapidSell.looking', { serial: scanned }) });
    lookup.mutate(scanned);
  }

  function onScanKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (busy) return;
    const scanned = serial.trim();
    if (scanned) scan(scanned);
    else confirm();
  }

  function onPriceKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    confirm();
  }

  function reset() {
    setItem(null);
    qty.clear();
    setPrice('');
    setPriceError(false);
    setCustomer(null);
    setMessage(null);
    setSerial('');
    focusScan();
  }

  if (forbidden) {
    return (
      <Container maxWidth="md" sx={{ py: 3 }}>
        <PageHeader title={t('rapidSell.title')} />
        <Forbidden />
      </Container>
    );
  }

  return (
    <Container
      maxWidth="md"
      sx={{ py: 3, px: { xs: 1.5, sm: 3 } }}
      onKeyDown={(event) => {
        // Escape starts over, unless an open type-ahead list takes it first.
        if (event.key === 'Escape' && !event.defaultPrevented) reset();
      }}
    >
      <PageHeader title={t('rapidSell.title')} subtitle={t('rapidSell.subtitle')} />
      <Stack spacing={2}>
        <TillStatus kind="sale" />
        <ScanField
          inputRef={scanRef}
          value={serial}
          onChange={setSerial}
          onKeyDown={onScanKey}
          onCode={(code) => !busy && scan(code)}
          testId="scan"
        />
        <Box aria-live="polite" aria-atomic>
          {message ? (
            <Alert severity={message.severity} role={message.severity === 'error' ? 'alert' : 'status'}>
              {message.text}
            </Alert>
          ) : null}
        </Box>
        <QuantityLineCard state={qty} busy={busy} onSell={confirm} />
        {item && !forSale ? <ItemCard item={item} /> : null}
        {item && forSale ? (
          <ItemCard item={item}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2, alignItems: { sm: 'flex-start' } }}>
              <TextField
                inputRef={priceRef}
                label={t('rapidSell.price')}
                value={price}
                onChange={(event) => {
                  setPrice(event.target.value);
                  setPriceError(false);
                }}
                onKeyDown={onPriceKey}
                error={priceError}
                helperText={priceError ? t('rapidSell.priceInvalid') : ' '}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                sx={{ minWidth: 160 }}
              />
              <DiscountField discounts={discounts} itemId={item.id} price={parseMoney(price)} onEnter={confirm} />
              <Box sx={{ flex: 1 }}>
                <CustomerPicker
                  creatable
                  value={customer}
                  onChange={(next) => {
                    setCustomer(next);
                    // Chosen: back to the scan field, where Enter sells (Enter in the picker would reopen it).
                    if (next) focusScan();
                  }}
                />
              </Box>
            </Stack>
            <Button variant="contained" size="large" onClick={confirm} disabled={busy} sx={{ mt: 1 }} fullWidth>
              {sell.isPending ? t('rapidSell.selling') : t('rapidSell.confirm')}
            </Button>
          </ItemCard>
        ) : null}
        <TillQueue kind="sale" />
        <SoldList sold={sold} />
      </Stack>
    </Container>
  );
}
