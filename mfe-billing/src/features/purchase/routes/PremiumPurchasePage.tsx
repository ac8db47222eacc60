import { Alert, AlertTitle, Box, Button, CircularProgress, Container, Stack, Typography } from '@mui/material';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { errorMessage, hasRole, isPremium, ROLES, useEnvironment, useSession } from '@stockwise/shared';
import { PublicHeader } from '@/components/PublicHeader';
import { useT } from '@/i18n';
import { usePlans } from '@/api/catalog';
import { PricingPlans } from '@/components/PricingPlans';
import { usePlanText } from '@/hooks/usePlanText';
import { formatPrice } from '@/lib/price-math';
import { newIdempotencyKey, useCheckout } from '@/api/checkout';
import { EmbeddedPayment, isEmbedded, preloadStripeCheckout } from '@/components/EmbeddedPayment';
import { OrderSummary } from '../components/OrderSummary';
import { useConfirmedPremium } from '../hooks/useConfirmedPremium';
import {
  buildPlanSelection,
  chosenPrice,
  clearSelection,
  loadSelection,
  saveSelection,
  withBilling,
  type PlanSelection,
  type SelectedBilling,
} from '@/lib/plan-selection';

export const LIMITS_PATH = '/test-subscription-limit';

/** Plan id and billing from the URL, else the kept selection, else Premium yearly. */
function useSelection(): [PlanSelection | null, (billing: SelectedBilling, planId?: string) => void] {
  const [params, setParams] = useSearchParams();
  const state = useLocation().state as { selection?: PlanSelection } | null;
  const plans = usePlans();
  const planText = usePlanText();
  const kept = useMemo(() => state?.selection ?? loadSelection(), [state]);
  const billingParam = params.get('billing');
  const billing: SelectedBilling =
    billingParam === 'monthly' || billingParam === 'yearly' ? billingParam : (kept?.selectedBilling ?? 'yearly');
  const planId = params.get('plan') ?? kept?.id;

  const selection = useMemo(() => {
    const list = plans.data ?? [];
    // Current prices come from the API; the kept selection stands in until they arrive.
    const plan = list.find((p) => p.planId === planId && p.planType !== 0) ?? list.find((p) => p.planType === 1);
    if (plan) return buildPlanSelection(plan, billing, planText(plan));
    return kept ? withBilling(kept, billing) : null;
    // planText is a fresh function per render; the language is part of the plans query's render anyway
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [plans.data, planId, billing, kept]);

  useEffect(() => {
    if (selection) saveSelection(selection);
  }, [selection]);

  const change = (next: SelectedBilling, nextPlan = selection?.id) => {
    const search = new URLSearchParams();
    if (nextPlan) search.set('plan', nextPlan);
    search.set('billing', next);
    setParams(search, { replace: true });
  };
  return [selection, change];
}

/**
 * /premium-purchase (signed in or not): spec §2's purchase page. It takes the plan selection of
 * spec §3, survives a reload (URL + sessionStorage), and pays through the checkout of the API.
 */
export function PremiumPurchasePage() {
  const { t } = useT();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [params] = useSearchParams();
  const token = useSession((s) => s.token);
  const subscription = useSession((s) => s.subscription);
  const [selection, changeSelection] = useSelection();
  const checkout = useCheckout();
  const keys = useRef(new Map<string, string>());
  const [browsing, setBrowsing] = useState(false);
  const outcome = params.get('checkout');
  const confirmed = useConfirmedPremium(Boolean(token) && outcome === 'success');
  const environment = useEnvironment().data;
  // In production without Stripe nothing can be paid: say so rather than start a checkout.
  const paymentsOff = environment?.payments === false;
  const signedIn = Boolean(token);
  const owner = hasRole(ROLES.companyOwner, token);
  const readyToPay = signedIn && owner && Boolean(selection) && !paymentsOff && !isPremium(subscription);

  // With Stripe, its form's code comes while the owner reads the order (never with the local checkout).
  useEffect(() => {
    if (readyToPay && environment?.paymentProvider === 'stripe') preloadStripeCheckout();
  }, [readyToPay, environment?.paymentProvider]);

  useEffect(() => {
    if (confirmed.premium) clearSelection();
  }, [confirmed.premium]);

  const here = `${pathname}${search}`;

  const pay = () => {
    if (!selection) return;
    const price = chosenPrice(selection);
    // One key per plan and billing in this visit: a double click or a retry asks for the same checkout.
    const id = `${selection.id}:${selection.billingInterval}`;
    if (!keys.current.has(id)) keys.current.set(id, newIdempotencyKey());
    checkout.mutate({
      kind: 'plan',
      planId: selection.id,
      interval: selection.billingInterval,
      amountCents: price.actualPrice,
      idempotencyKey: keys.current.get(id)!,
    });
  };

  let body: ReactNode;
  if (signedIn && outcome === 'success') {
    body = confirmed.premium ? (
      <Alert severity="success" role="status">
        <AlertTitle>{t('purchase.success')}</AlertTitle>
        {t('purchase.successBody')}
        <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
          <Button variant="contained" component={RouterLink} to="/dashboard">
            {t('purchase.toDashboard')}
          </Button>
          <Button component={RouterLink} to={LIMITS_PATH}>
            {t('purchase.manage')}
          </Button>
        </Stack>
      </Alert>
    ) : (
      <Alert severity="info" icon={<CircularProgress size={20} />} role="status">
        {confirmed.slow ? t('purchase.confirmSlow') : t('purchase.confirming')}
      </Alert>
    );
  } else if (signedIn && isPremium(subscription)) {
    body = (
      <Alert severity="success">
        {t('purchase.alreadyPremium')}{' '}
        <Button component={RouterLink} to={LIMITS_PATH} size="small">
          {t('purchase.manage')}
        </Button>
      </Alert>
    );
  } else if (outcome === 'canceled' || browsing || !selection) {
    body = (
      <Stack spacing={3}>
        {outcome === 'canceled' ? (
          <Alert severity="info" role="status">
            {t('purchase.canceled')}
          </Alert>
        ) : null}
        <PricingPlans
          billing={selection?.selectedBilling ?? 'yearly'}
          onBillingChange={(b) => changeSelection(b)}
          onChoose={({ plan, selection: chosen }) => {
            if (plan.planType === 0) return navigate(signedIn ? '/dashboard' : '/register');
            setBrowsing(false);
            changeSelection(chosen.selectedBilling, plan.planId);
          }}
          {...(signedIn ? { currentPlanType: subscription?.plan?.planType ?? 0 } : {})}
        />
      </Stack>
    );
  } else {
    const price = chosenPrice(selection);
    let action: ReactNode;
    if (!signedIn) {
      action = (
        <Alert severity="info" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
          <AlertTitle>{t('purchase.signInTitle')}</AlertTitle>
          {t('purchase.signInBody')}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
            <Button variant="contained" component={RouterLink} to="/register" state={{ from: here }}>
              {t('purchase.register')}
            </Button>
            <Button component={RouterLink} to="/login" state={{ from: here }}>
              {t('purchase.signIn')}
            </Button>
          </Stack>
        </Alert>
      );
    } else if (!owner) {
      action = <Alert severity="warning">{t('purchase.ownerOnly')}</Alert>;
    } else if (paymentsOff) {
      action = (
        <Alert severity="warning" role="alert">
          {t('purchase.paymentsOff')}
        </Alert>
      );
    } else if (isEmbedded(checkout.data)) {
      action = <EmbeddedPayment checkout={checkout.data} />;
    } else {
      action = (
        <Stack spacing={1.5}>
          {checkout.isError ? (
            <Alert severity="error" role="alert">
              {errorMessage(checkout.error, t('purchase.failed'))}
            </Alert>
          ) : null}
          <Button
            variant="contained"
            size="large"
            onClick={pay}
            disabled={checkout.isPending || checkout.isSuccess}
            startIcon={checkout.isPending || checkout.isSuccess ? <CircularProgress size={18} color="inherit" /> : null}
          >
            {checkout.isPending || checkout.isSuccess
              ? t('purchase.paying')
              : t('purchase.pay', { amount: formatPrice(price.actualPrice / 100) })}
          </Button>
        </Stack>
      );
    }
    body = (
      <Stack spacing={2}>
        <OrderSummary selection={selection} onBillingChange={(b) => changeSelection(b)}>
          {action}
        </OrderSummary>
        <Box sx={{ textAlign: 'center' }}>
          <Button size="small" onClick={() => setBrowsing(true)}>
            {t('purchase.changePlan')}
          </Button>
        </Box>
      </Stack>
    );
  }

  return (
    <>
      {signedIn ? null : <PublicHeader />}
      <Container component={signedIn ? 'div' : 'main'} maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
        <Stack spacing={1} sx={{ mb: 4 }}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
            {t('purchase.title')}
          </Typography>
          <Typography color="text.secondary">{t('purchase.subtitle')}</Typography>
        </Stack>
        {body}
      </Container>
    </>
  );
}
