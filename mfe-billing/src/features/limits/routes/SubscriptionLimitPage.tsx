import { Alert, Box, Button, CircularProgress, Container, Stack, Typography } from '@mui/material';
import { useEffect } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { hasRole, ROLES, useSession } from '@stockwise/shared';
import { PublicHeader } from '@/components/PublicHeader';
import { useT } from '@/i18n';
import { useOverview, useUsage } from '../api/billing';
import { BillingPanel } from '../components/BillingPanel';
import { PlansLimitsTable } from '../components/PlansLimitsTable';
import { TryLimits } from '../components/TryLimits';
import { UsageCards } from '../components/UsageCards';

/**
 * /test-subscription-limit: signed in, the company's limits and usage (and, for the owner, plan &
 * billing: interval, renewal date, cancel at period end, add-ons, payments); signed out, each
 * plan's limits.
 */
export function SubscriptionLimitPage() {
  const { t } = useT();
  const token = useSession((s) => s.token);
  const [params, setParams] = useSearchParams();
  const signedIn = Boolean(token);
  const owner = hasRole(ROLES.companyOwner, token);
  const manager = owner || hasRole(ROLES.admin, token);
  const usage = useUsage(signedIn);
  const overview = useOverview(owner);
  const outcome = params.get('checkout');

  // Back from an add-on checkout: the webhook has (or will have) raised the limit.
  useEffect(() => {
    if (outcome === 'success') {
      void usage.refetch();
      void overview.refetch();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [outcome]);

  return (
    <>
      {signedIn ? null : <PublicHeader />}
      <Container component={signedIn ? 'div' : 'main'} maxWidth="md" sx={{ py: { xs: 3, md: 6 } }}>
        <Stack spacing={3}>
          <Box>
            <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
              {t('limits.title')}
            </Typography>
            <Typography color="text.secondary">
              {signedIn ? t('limits.subtitleSignedIn') : t('limits.subtitleSignedOut')}
            </Typography>
          </Box>
          {outcome ? (
            <Alert
              severity={outcome === 'success' ? 'success' : 'info'}
              role="status"
              onClose={() => setParams({}, { replace: true })}
            >
              {outcome === 'success' ? t('billing.addonPurchased') : t('billing.addonCanceled')}
            </Alert>
          ) : null}
          {!signedIn ? (
            <>
              <PlansLimitsTable />
              <Box>
                <Button variant="contained" component={RouterLink} to="/pricing">
                  {t('limits.seePricing')}
                </Button>
              </Box>
            </>
          ) : usage.isPending ? (
            <CircularProgress aria-label={t('pricing.loading')} />
          ) : usage.isError ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void usage.refetch()}>
                  {t('limits.retry')}
                </Button>
              }
            >
              {t('limits.loadFailed')}
            </Alert>
          ) : (
            <>
              <UsageCards usage={usage.data} />
              {manager ? <TryLimits /> : <Typography color="text.secondary">{t('limits.managersOnly')}</Typography>}
              {owner && overview.data ? <BillingPanel overview={overview.data} /> : null}
            </>
          )}
        </Stack>
      </Container>
    </>
  );
}
