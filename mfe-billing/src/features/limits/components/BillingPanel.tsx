import {
  Alert,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Divider,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useRef, useState } from 'react';
import { errorMessage, i18n, notify, useEnvironment } from '@stockwise/shared';
import type { BillingOverview } from '@stockwise/shared';
import { useT, type BillingKey } from '@/i18n';
import { useAddons } from '@/api/catalog';
import { formatPrice, planName } from '@/lib/price-math';
import { newIdempotencyKey, useCheckout } from '@/api/checkout';
import { EmbeddedPayment, isEmbedded } from '@/components/EmbeddedPayment';
import { useCancelAtPeriodEnd } from '../api/billing';

const day = (iso: string | null | undefined) =>
  iso ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso)) : '—';

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
      <Typography color="text.secondary">{label}</Typography>
      <Typography sx={{ fontWeight: 600 }} data-testid={testId}>
        {value}
      </Typography>
    </Stack>
  );
}

const PAYMENT_STATUS = {
  paid: 'billing.paid',
  failed: 'billing.failedStatus',
  refunded: 'billing.refunded',
} as const satisfies Record<BillingOverview['payments'][number]['status'], BillingKey>;
const CHECKOUT_STATUS = {
  open: 'billing.checkoutOpen',
  completed: 'billing.checkoutCompleted',
  canceled: 'billing.checkoutCanceled',
  expired: 'billing.checkoutExpired',
} as const satisfies Record<BillingOverview['checkouts'][number]['status'], BillingKey>;

/** The owner's billing: plan, interval, renewal date, cancel at period end, add-ons, payments. */
interface HistoryRow {
  id: string;
  createdAt: string;
  description: string;
  amountCents: number;
  currency: string;
  /** Already in the reader's language. */
  status: string;
}

/** Payments and checkouts read alike: when, what, how much, and what became of it. */
function HistoryTable({ label, rows }: { label: string; rows: HistoryRow[] }) {
  const { t } = useT();
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          <TableCell>{t('billing.date')}</TableCell>
          <TableCell>{t('billing.description')}</TableCell>
          <TableCell align="right">{t('billing.amount')}</TableCell>
          <TableCell>{t('billing.status')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.id}>
            <TableCell>{day(r.createdAt)}</TableCell>
            <TableCell>{r.description}</TableCell>
            <TableCell align="right">{formatPrice(r.amountCents / 100, r.currency.toUpperCase())}</TableCell>
            <TableCell>{r.status}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function BillingPanel({ overview }: { overview: BillingOverview }) {
  const { t } = useT();
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelAtPeriodEnd();
  const buy = useCheckout();
  const addons = useAddons();
  const paymentsOff = useEnvironment().data?.payments === false;
  const keys = useRef(new Map<string, string>());
  const sub = overview.subscription;
  const end = day(sub.currentPeriodEnd);

  const setCancel = (value: boolean) =>
    cancel.mutate(value, {
      onSuccess: () => {
        setConfirming(false);
        notify(value ? t('billing.canceled', { date: end }) : t('billing.resumed'), 'success');
      },
      onError: (e) => notify(errorMessage(e, t('purchase.failed')), 'error'),
    });

  const buyAddon = (addonId: string) => {
    if (!keys.current.has(addonId)) keys.current.set(addonId, newIdempotencyKey());
    buy.mutate({ kind: 'addon', addonId, idempotencyKey: keys.current.get(addonId)! });
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="billing-title">
      <CardContent>
        <Stack spacing={2}>
          <Typography id="billing-title" variant="h5" component="h2" sx={{ fontWeight: 700 }}>
            {t('billing.title')}
          </Typography>
          <Row label={t('billing.plan')} value={planName(sub)} testId="billing-plan" />
          {sub.premium ? (
            <>
              <Row
                label={t('billing.interval')}
                value={
                  sub.billingInterval === 'year'
                    ? t('billing.yearly')
                    : sub.billingInterval === 'month'
                      ? t('billing.monthly')
                      : t('billing.none')
                }
                testId="billing-interval"
              />
              <Row
                label={sub.cancelAtPeriodEnd ? t('billing.ends') : t('billing.renews')}
                value={end}
                testId="billing-renewal"
              />
              {sub.cancelAtPeriodEnd ? (
                <Alert severity="warning">
                  {sub.cancelReason === 'payment_failed'
                    ? t('billing.paymentFailedNote', { date: end })
                    : t('billing.endsNote', { date: end })}
                </Alert>
              ) : null}
              <Stack direction="row" spacing={1}>
                {sub.cancelAtPeriodEnd ? (
                  sub.cancelReason === 'owner' ? (
                    <Button variant="outlined" onClick={() => setCancel(false)} disabled={cancel.isPending}>
                      {t('billing.resume')}
                    </Button>
                  ) : null
                ) : (
                  <Button color="error" variant="outlined" onClick={() => setConfirming(true)}>
                    {t('billing.cancel')}
                  </Button>
                )}
              </Stack>
            </>
          ) : (
            <Typography color="text.secondary">{t('billing.freePlan')}</Typography>
          )}

          <Divider />
          <Typography variant="h6" component="h3">
            {t('billing.addons')}
          </Typography>
          {overview.addons.length ? (
            overview.addons.map((a) => (
              <Typography key={a.id}>
                {t('billing.addonActive', { name: a.addonName, quantity: a.quantity, date: day(a.currentPeriodEnd) })}
              </Typography>
            ))
          ) : (
            <Typography color="text.secondary">{t('billing.noAddons')}</Typography>
          )}
          {buy.isError ? <Alert severity="error">{errorMessage(buy.error, t('purchase.failed'))}</Alert> : null}
          {paymentsOff ? <Alert severity="warning">{t('billing.paymentsOff')}</Alert> : null}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            {(paymentsOff ? [] : (addons.data ?? [])).map((addon) => (
              <Button
                key={addon.addonId}
                variant="outlined"
                onClick={() => buyAddon(addon.addonId)}
                disabled={buy.isPending || buy.isSuccess}
                startIcon={
                  buy.isPending && buy.variables?.addonId === addon.addonId ? <CircularProgress size={16} /> : null
                }
              >
                {t('billing.buy', { name: addon.addonName })} · {formatPrice(addon.price)}
              </Button>
            ))}
          </Stack>

          <Divider />
          <Typography variant="h6" component="h3">
            {t('billing.payments')}
          </Typography>
          {overview.payments.length ? (
            <HistoryTable
              label={t('billing.payments')}
              rows={overview.payments.map((p) => ({ ...p, status: t(PAYMENT_STATUS[p.status]) }))}
            />
          ) : (
            <Typography color="text.secondary">{t('billing.noPayments')}</Typography>
          )}
          {overview.payments.some((p) => p.status === 'refunded') ? (
            <Typography variant="body2" color="text.secondary">
              {t('billing.refundedNote')}
            </Typography>
          ) : null}
          {overview.checkouts.length ? (
            <>
              <Typography variant="h6" component="h3">
                {t('billing.checkouts')}
              </Typography>
              <HistoryTable
                label={t('billing.checkouts')}
                rows={overview.checkouts.map((c) => ({ ...c, status: t(CHECKOUT_STATUS[c.status]) }))}
              />
              {overview.checkouts.some((c) => c.status === 'expired') ? (
                <Typography variant="body2" color="text.secondary">
                  {t('billing.expiredNote')}
                </Typography>
              ) : null}
            </>
          ) : null}
        </Stack>
      </CardContent>
      {isEmbedded(buy.data) ? (
        <Dialog open onClose={() => buy.reset()} aria-labelledby="addon-pay-title" fullWidth maxWidth="sm">
          <DialogTitle id="addon-pay-title">{buy.data.description}</DialogTitle>
          <DialogContent>
            <EmbeddedPayment checkout={buy.data} />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => buy.reset()}>{t('purchase.closePayment')}</Button>
          </DialogActions>
        </Dialog>
      ) : null}
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="cancel-title">
        <DialogTitle id="cancel-title">{t('billing.cancelTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('billing.cancelBody', { date: end })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t('billing.keep')}</Button>
          <Button color="error" variant="contained" onClick={() => setCancel(true)} disabled={cancel.isPending}>
            {t('billing.cancelConfirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
