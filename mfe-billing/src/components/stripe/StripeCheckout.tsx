import { Alert, Box } from '@mui/material';
import { EmbeddedCheckout, EmbeddedCheckoutProvider } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useMemo, useState } from 'react';
import { useT } from '@/i18n';

/** One Stripe.js per key and page (Stripe asks for one instance); `pure` adds its script only here. */
const instances = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let instance = instances.get(publishableKey);
  if (!instance) {
    instance = loadStripe(publishableKey);
    // A failed load (blocked, offline) is not kept: the next mount tries again.
    instance.catch(() => instances.delete(publishableKey));
    instances.set(publishableKey, instance);
  }
  return instance;
}

export interface StripeCheckoutProps {
  publishableKey: string;
  clientSecret: string;
  /** Stripe's form said the payment went through (it then returns the buyer to the success URL). */
  onComplete?: () => void;
}

/**
 * Stripe's Embedded Checkout for one Checkout Session. Its own chunk, with `@stripe/react-stripe-js`
 * and `@stripe/stripe-js`: only a purchase with the Stripe adapter loads it (EmbeddedPayment).
 */
export default function StripeCheckout({ publishableKey, clientSecret, onComplete }: StripeCheckoutProps) {
  const { t } = useT();
  const [failed, setFailed] = useState(false);
  // Stripe.js that cannot load leaves an empty form: say so instead.
  const stripe = useMemo(
    () =>
      stripeFor(publishableKey).then(
        (instance) => instance,
        () => {
          setFailed(true);
          return null;
        },
      ),
    [publishableKey],
  );
  const options = useMemo(() => ({ clientSecret, ...(onComplete ? { onComplete } : {}) }), [clientSecret, onComplete]);

  if (failed)
    return (
      <Alert severity="error" role="alert">
        {t('purchase.stripeUnavailable')}
      </Alert>
    );
  return (
    <Box data-testid="stripe-embedded-checkout" sx={{ minHeight: 480 }}>
      <EmbeddedCheckoutProvider stripe={stripe} options={options}>
        <EmbeddedCheckout />
      </EmbeddedCheckoutProvider>
    </Box>
  );
}
