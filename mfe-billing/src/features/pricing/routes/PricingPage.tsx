import { Box, Container, Link, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useSession } from '@stockwise/shared';
import { PublicHeader } from '@/components/PublicHeader';
import { useT } from '@/i18n';
import { saveSelection, type SelectedBilling } from '@/lib/plan-selection';
import { AddonList } from '../components/AddonList';
import { PricingPlans, type PlanChoice } from '@/components/PricingPlans';

export const PURCHASE_PATH = '/premium-purchase';

/**
 * /pricing: the plans from the API, monthly or yearly. A visitor choosing Premium keeps the plan
 * selection and goes through registration, which returns to the purchase; a signed-in user (inside
 * the workspace frame) sees the plan they hold as current and goes straight to the purchase.
 */
export function PricingPage() {
  const { t } = useT();
  const navigate = useNavigate();
  const [billing, setBilling] = useState<SelectedBilling>('yearly');
  const signedIn = Boolean(useSession((s) => s.token));
  const subscription = useSession((s) => s.subscription);

  const choose = ({ plan, selection }: PlanChoice) => {
    if (plan.planType === 0) {
      navigate(signedIn ? '/test-subscription-limit' : '/register');
      return;
    }
    saveSelection(selection);
    if (signedIn) {
      navigate(`${PURCHASE_PATH}?plan=${selection.id}&billing=${selection.selectedBilling}`);
      return;
    }
    // Registration (and sign-in) send the visitor on to `from` once the account exists.
    navigate('/register', {
      state: { from: `${PURCHASE_PATH}?plan=${selection.id}&billing=${selection.selectedBilling}` },
    });
  };

  return (
    <Box sx={{ minHeight: signedIn ? undefined : '100vh', bgcolor: 'background.default' }}>
      {signedIn ? null : <PublicHeader />}
      <Container component={signedIn ? 'div' : 'main'} maxWidth="lg" sx={{ py: { xs: 4, md: 8 } }}>
        <Stack spacing={1} sx={{ textAlign: 'center', mb: 5 }}>
          <Typography variant="h3" component="h1" sx={{ fontWeight: 800, fontSize: { xs: '2rem', md: '3rem' } }}>
            {t('pricing.title')}
          </Typography>
          <Typography color="text.secondary" variant="h6" component="p">
            {t('pricing.subtitle')}
          </Typography>
        </Stack>
        <PricingPlans
          billing={billing}
          onBillingChange={setBilling}
          onChoose={choose}
          // Signed in, the plan held is marked as current: the call to action is the upgrade, not a free start.
          {...(signedIn ? { currentPlanType: subscription?.plan?.planType ?? 0 } : {})}
        />
        <AddonList />
        <Typography sx={{ mt: 4, textAlign: 'center' }}>
          <Link component={RouterLink} to="/test-subscription-limit">
            {t('pricing.limitsLink')}
          </Link>
        </Typography>
      </Container>
    </Box>
  );
}
