import { Box, CircularProgress } from '@mui/material';
import { lazy, Suspense } from 'react';
import type { Checkout } from '@stockwise/shared';
import { useT } from '@/i18n';

const loadStripeCheckout = () => import(/* webpackChunkName: "stripe-checkout" */ './stripe/StripeCheckout');
const StripeCheckout = lazy(loadStripeCheckout);

/** Fetches the Stripe form's chunk ahead of the click that needs it (Stripe adapter only). */
export function preloadStripeCheckout(): void {
  void loadStripeCheckout().catch(() => {
    // The real load shows its own error.
  });
}

/** A checkout whose form is embedded in our page (Stripe), rather than a page to go to (local). */
export type EmbeddedCheckoutAnswer = Checkout & { provider: 'stripe'; clientSecret: string; publishableKey: string };
export function isEmbedded(checkout: Checkout | undefined): checkout is EmbeddedCheckoutAnswer {
  return checkout?.provider === 'stripe' && Boolean(checkout.clientSecret) && Boolean(checkout.publishableKey);
}

/** Stripe's embedded checkout for `checkout`, its code loaded on first use. */
export function EmbeddedPayment({ checkout }: { checkout: EmbeddedCheckoutAnswer }) {
  const { t } = useT();
  return (
    <Suspense
      fallback={
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }} role="status" aria-label={t('purchase.paying')}>
          <CircularProgress />
        </Box>
      }
    >
      <StripeCheckout publishableKey={checkout.publishableKey} clientSecret={checkout.clientSecret} />
    </Suspense>
  );
}
