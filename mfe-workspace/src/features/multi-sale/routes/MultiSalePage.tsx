import CloseIcon from '@mui/icons-material/Close';
import {
  Alert,
  Box,
  Button,
  Container,
  IconButton,
  List,
  ListItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { PageHeader } from '@stockwise/kit';
import { errorMessage, resourceKey, useMoney } from '@stockwise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type KeyboardEvent } from 'react';
import { useLocation } from 'react-router-dom';
import type { Customer, Item, Sale, SaleRequest } from '@/api/inventory';
import { CustomerPicker } from '@/components/CustomerPicker';
import { ScanField } from '@/components/ScanField';
import { statusOf } from '@/components/ScreenStates';
import { useStatusName } from '@/components/StatusChip';
import { moneyInput, parseMoney } from '@/lib/format';
import { DiscountField } from '@/components/sale/DiscountField';
import { ReceiptLink } from '@/components/sale/ReceiptLink';
import { SaleReceipt } from '@/components/sale/SaleReceipt';
import { useDiscounts } from '@/components/sale/useDiscounts';
import { useScanLookup } from '@/hooks/useScanLookup';
import { useSellable } from '@/hooks/useSellable';
import { handedItems } from '@/lib/handoff';
import { quantityModelByBarcode } from '@/lib/quantity-models';
import { serialsLabel, THROUGH_THE_TILL, TillQueue, TillStatus, useCounterTill } from '@/offline';
import { ModelCartLines } from '../components/ModelCartLines';
import { useT } from '../i18n';
import { useModelLines } from '../lib/model-lines';

type Line = { item: Item; price: string };
type Message = { severity: 'success' | 'error' | 'info'; text: string } | null;

/**
 * /actions/multi-sale: a cart of scanned items for one customer, line prices, total; one sale, all
 * or nothing; a receipt. A barcode of a model sold by quantity (no serial) adds one of it.
 */
export function MultiSalePage() {
  const { t, i18n } = useT();
  const language = i18n.language;
  const money = useMoney();
  const discounts = useDiscounts();
  const statusName = useStatusName();
  const { sellable, judged } = useSellable();
  const queryClient = useQueryClient();
  const handed = handedItems(useLocation().state);
  const [lines, setLines] = useState<Line[]>(() =>
    handed.map((item) => ({ item, price: moneyInput(item.salePrice, language) })),
  );
  const [customer, setCustomer] = useState<Customer | null>(null);
  const [message, setMessage] = useState<Message>(
    handed.length ? { severity: 'info', text: t('bulk.handed', { count: handed.length }) } : null,
  );
  const [receipt, setReceipt] = useState<Sale | null>(null);
  const [badPrices, setBadPrices] = useState<Set<string>>(new Set());
  // Offline, the cart's sale is kept on the device and sent when the network returns.
  const counter = useCounterTill();
  const models = useModelLines(language);
  const inCart = lines.length + models.lines.length;

  const { scanRef, serial, setSerial, focusScan, lookup } = useScanLookup({
    failedText: t('multiSale.lookupFailed'),
    judgedAfter: judged,
    onFound: (item) => {
      if (!sellable(item)) {
        setMessage({
          severity: 'error',
          text: t('multiSale.notSellable', { serial: item.serial, status: statusName(item.status) }),
        });
        return;
      }
      setLines((current) => [...current, { item, price: moneyInput(item.salePrice, language) }]);
      setMessage({ severity: 'info', text: t('multiSale.added', { serial: item.serial }) });
    },
    onMiss: (text, error, scanned) => {
      if (counter.unreachable(error)) return setMessage({ severity: 'error', text: counter.offlineLookupText });
      const missed = () => setMessage({ severity: 'error', text });
      if (statusOf(error) !== 404) return missed();
      // Not a serial: perhaps the barcode of a model sold by quantity.
      void quantityModelByBarcode(scanned).then((model) => {
        if (!model) return missed();
        models.add(model);
        setMessage({ severity: 'info', text: t('multiSale.addedQuantity', { quantity: 1, model: model.name }) });
      }, missed);
    },
  });

  const sell = useMutation({
    ...THROUGH_THE_TILL,
    mutationFn: ({ body, label }: { body: SaleRequest; label: string }) => counter.sell(body, label),
    onSuccess: (sale) => {
      setReceipt(sale);
      setLines([]);
      models.clear();
      discounts.clear();
      setCustomer(null);
      setMessage(sale ? null : { severity: 'info', text: counter.queuedText });
      void queryClient.invalidateQueries({ queryKey: resourceKey('items') });
      void queryClient.invalidateQueries({ queryKey: resourceKey('sales') });
      void queryClient.invalidateQueries({ queryKey: resourceKey('product-models') });
      focusScan();
    },
    onError: (error) => {
      setMessage({ severity: 'error', text: errorMessage(error, t('multiSale.failed')) });
      focusScan();
    },
  });

  const prices = lines.map((line) => parseMoney(line.price));
  // Before tax: the API adds the company's tax to each line's net and answers the sums.
  const total = prices.reduce<number>(
    (sum, price, index) => sum + (price ?? 0) - (discounts.amount(lines[index]!.item.id) ?? 0),
    models.total,
  );

  function onScanKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape') {
      setSerial('');
      return;
    }
    if (event.key !== 'Enter') return;
    event.preventDefault();
    // Enter in the empty scan field sells the cart, as on Rapid Sell: scanner and Enter alone.
    if (serial.trim()) scan(serial.trim());
    else confirm();
  }

  function scan(scanned: string) {
    if (!scanned || lookup.isPending) return;
    setSerial('');
    setReceipt(null);
    if (counter.offline()) return setMessage({ severity: 'error', text: counter.offlineLookupText });
    const more = models.more(scanned);
    if (more)
      return setMessage({ severity: 'info', text: t('multiSale.addedQuantity', { ...more, model: more.model.name }) });
    const known = lines.find((line) => line.item.serial.toLowerCase() === scanned.toLowerCase());
    if (known) setMessage({ severity: 'info', text: t('multiSale.already', { serial: known.item.serial }) });
    else lookup.mutate(scanned);
  }

  function confirm() {
    if (inCart === 0 || sell.isPending) return;
    const bad = new Set(lines.filter((_, index) => prices[index] === null).map((line) => line.item.id));
    setBadPrices(bad);
    if (bad.size || lines.some((line, index) => !discounts.valid(line.item.id, prices[index]!))) return;
    const byQuantity = models.body();
    if (byQuantity === null) return;
    sell.mutate({
      body: {
        lines: [
          ...lines.map((line, index) => ({
            itemId: line.item.id,
            price: prices[index]!,
            discount: discounts.amount(line.item.id) ?? 0,
          })),
          ...byQuantity,
        ],
        customerId: customer?.id ?? null,
      },
      label: serialsLabel([
        ...lines.map((line) => line.item.serial),
        ...models.lines.map((line, index) => `${byQuantity[index]!.quantity} × ${line.model.name}`),
      ]),
    });
  }

  return (
    <Container maxWidth="md" sx={{ py: 3, px: { xs: 1.5, sm: 3 } }}>
      <Box sx={{ '@media print': { display: 'none' } }}>
        <PageHeader title={t('multiSale.title')} subtitle={t('multiSale.subtitle')} />
      </Box>
      <Stack spacing={2}>
        <Stack spacing={2} sx={{ '@media print': { display: 'none' } }}>
          <TillStatus kind="sale" />
          <ScanField inputRef={scanRef} value={serial} onChange={setSerial} onKeyDown={onScanKey} onCode={scan} />
          <Box aria-live="polite">
            {message ? (
              <Alert severity={message.severity} role={message.severity === 'error' ? 'alert' : 'status'}>
                {message.text}
              </Alert>
            ) : null}
          </Box>
          <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="multi-sale-cart">
            <Typography id="multi-sale-cart" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              {t('multiSale.cart')}
            </Typography>
            {inCart === 0 ? (
              <Typography color="text.secondary">{t('multiSale.empty')}</Typography>
            ) : (
              <List dense aria-labelledby="multi-sale-cart">
                {lines.map((line, index) => (
                  <ListItem key={line.item.id} divider disableGutters>
                    <Stack
                      direction={{ xs: 'column', sm: 'row' }}
                      spacing={1}
                      sx={{ width: '100%', alignItems: { sm: 'center' } }}
                    >
                      <Box sx={{ flex: 1 }}>
                        <Typography sx={{ fontFamily: 'monospace' }}>{line.item.serial}</Typography>
                        <Typography variant="body2" color="text.secondary">
                          {[line.item.itemTypeName, line.item.brandName, line.item.model].filter(Boolean).join(' · ')}
                        </Typography>
                      </Box>
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                        <TextField
                          size="small"
                          label={t('multiSale.price', { serial: line.item.serial })}
                          value={line.price}
                          onChange={(event) => {
                            const price = event.target.value;
                            setLines((current) => current.map((one, at) => (at === index ? { ...one, price } : one)));
                          }}
                          onKeyDown={(event) => {
                            if (event.key === 'Enter') {
                              event.preventDefault();
                              focusScan();
                            }
                          }}
                          error={badPrices.has(line.item.id)}
                          helperText={badPrices.has(line.item.id) ? t('multiSale.priceInvalid') : undefined}
                          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                          sx={{ width: 180 }}
                        />
                        <DiscountField
                          size="small"
                          discounts={discounts}
                          itemId={line.item.id}
                          price={prices[index] ?? null}
                          label={t('sale.discountOf', { serial: line.item.serial })}
                          onEnter={focusScan}
                        />
                        <IconButton
                          aria-label={t('multiSale.remove', { serial: line.item.serial })}
                          onClick={() => setLines((current) => current.filter((_, at) => at !== index))}
                        >
                          <CloseIcon />
                        </IconButton>
                      </Stack>
                    </Stack>
                  </ListItem>
                ))}
                <ModelCartLines state={models} onEnter={focusScan} />
              </List>
            )}
            <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 1 }}>
              <Typography sx={{ fontWeight: 700 }}>{t('multiSale.total')}</Typography>
              <Typography sx={{ fontWeight: 700 }} data-testid="cart-total">
                {money(total)}
              </Typography>
            </Stack>
          </Paper>
          <TillQueue kind="sale" />
          <CustomerPicker
            creatable
            value={customer}
            onChange={(next) => {
              setCustomer(next);
              if (next) focusScan();
            }}
          />
          <Button variant="contained" size="large" onClick={confirm} disabled={inCart === 0 || sell.isPending}>
            {sell.isPending ? t('multiSale.selling') : t('multiSale.confirm', { count: inCart })}
          </Button>
        </Stack>
        {receipt ? (
          <Paper variant="outlined" sx={{ p: 2 }} component="section">
            <SaleReceipt sale={receipt} />
            <Stack direction="row" spacing={1} sx={{ mt: 2, '@media print': { display: 'none' } }}>
              <ReceiptLink saleId={receipt.id} number={receipt.number} variant="outlined" />
              <Button
                onClick={() => {
                  setReceipt(null);
                  focusScan();
                }}
              >
                {t('multiSale.newSale')}
              </Button>
            </Stack>
          </Paper>
        ) : null}
      </Stack>
    </Container>
  );
}
