import { Alert, Box, Button, LinearProgress, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { hasRole, ROLES, useSession, type PlanUsage } from '@stockwise/shared';
import { useT } from '@/i18n';

/** Where a company goes Premium (mfe-billing); only the Company Owner may buy (billing.manage). */
export const PREMIUM_PATH = '/premium-purchase';

/** The way to Premium: the purchase page for the Company Owner, whom to ask for everyone else. */
export function WayToPremium() {
  const { t } = useT();
  const token = useSession((s) => s.token);
  return hasRole(ROLES.companyOwner, token) ? (
    <Button component={RouterLink} to={PREMIUM_PATH} size="small" variant="outlined" color="inherit">
      {t('plan.goPremium')}
    </Button>
  ) : (
    <Typography variant="body2">{t('plan.askOwner')}</Typography>
  );
}

/** A refusal past the plan's limit (403 PLAN_LIMIT_*): the API's message and the way to Premium. */
export function PlanLimitAlert({ message }: { message: string }) {
  return (
    <Alert severity="warning" role="alert" data-testid="plan-limit">
      <Box sx={{ mb: 1 }}>{message}</Box>
      <WayToPremium />
    </Alert>
  );
}

/** A form's refusal past the plan's limit (FormDialog's errorAction): the way to Premium under the API's message. */
export function planLimitAction(code: string | undefined) {
  return code?.startsWith('PLAN_LIMIT_') ? (
    <Box sx={{ mt: 1 }} data-testid="plan-limit">
      <WayToPremium />
    </Box>
  ) : null;
}

/** "3 of 20 used" for one limit of the plan, with the way to Premium once it is reached. */
export function PlanUsageBar({
  label,
  usage,
  limit,
}: {
  label: string;
  usage: PlanUsage | { planName: string; used: number; max: number };
  limit: 'users' | 'locations';
}) {
  const { t } = useT();
  // The billing usage (both limits) or one limit alone (GET /api/users/limit).
  const { used, max } = 'used' in usage ? usage : usage[limit];
  const full = used >= max;
  return (
    <Box sx={{ mb: 2, maxWidth: 480 }} data-testid={`usage-${limit}`}>
      <Typography variant="body2" color="text.secondary">
        {t('plan.usageLabel', { what: label, plan: usage.planName.replace(/ Plan$/, '') })}
      </Typography>
      <Typography sx={{ fontWeight: 600 }}>{t('plan.usage', { used, max })}</Typography>
      <LinearProgress
        variant="determinate"
        aria-label={label}
        value={Math.min(100, max > 0 ? (used / max) * 100 : 100)}
        color={full ? 'warning' : 'primary'}
        sx={{ height: 6, borderRadius: 3, my: 0.5 }}
      />
      {full ? (
        <Alert severity="warning" sx={{ mt: 1 }}>
          <Box sx={{ mb: 1 }}>{t('plan.atLimit')}</Box>
          <WayToPremium />
        </Alert>
      ) : null}
    </Box>
  );
}
