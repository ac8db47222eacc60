import { Alert, AlertTitle, Grid, Skeleton, Stack } from '@mui/material';
import { useRef } from 'react';
import type { Plan } from '@stockwise/shared';
import { useT } from '@/i18n';
import { buildPlanSelection, type PlanSelection, type SelectedBilling } from '@/lib/plan-selection';
import { usePlans } from '@/api/catalog';
import { usePlanText } from '@/hooks/usePlanText';
import { hasPremiumPlan, yearlyDiscountPercent } from '@/lib/price-math';
import { BillingLabels, BillingRadios, billingFollowsRadios } from './BillingRadios';
import { PlanCard } from './PlanCard';

/** The plan cards' heights as laid out (phone: stacked, the free card shorter; md and up: side by side, stretched). */
const PLAN_CARD_HEIGHT = { free: { xs: 460, md: 534 }, premium: { xs: 534, md: 534 } };

export interface PlanChoice {
  plan: Plan;
  selection: PlanSelection;
}

/**
 * The plans with the monthly / yearly switch; "Plans not available" without a Premium plan.
 * `billing` is the switch's starting position; the switch is native (BillingRadios) and reports
 * each change, and a choice carries the billing checked at the moment it is made.
 */
export function PricingPlans({
  billing,
  onBillingChange,
  onChoose,
  currentPlanType,
}: {
  billing: SelectedBilling;
  onBillingChange: (billing: SelectedBilling) => void;
  onChoose: (choice: PlanChoice) => void;
  /** Signed in: the company's plan type, whose card says so instead of offering it. */
  currentPlanType?: number | null;
}) {
  const { t } = useT();
  const plans = usePlans();
  const planText = usePlanText();
  const yearly = useRef<HTMLInputElement>(null);

  if (plans.isPending) {
    // The prerendered /pricing shows this until the plans arrive: it holds the place of the
    // switch and the two cards, so that nothing below them moves when they come (CLS, issue 14).
    return (
      <Stack spacing={4} sx={{ alignItems: 'center' }} role="status" aria-label={t('pricing.loading')}>
        <Skeleton variant="rounded" width={260} height={39} />
        <Grid container spacing={3} sx={{ width: '100%', justifyContent: 'center' }}>
          {[PLAN_CARD_HEIGHT.free, PLAN_CARD_HEIGHT.premium].map((height, index) => (
            <Grid key={index} size={{ xs: 12, md: 6 }} sx={{ maxWidth: 480 }}>
              <Skeleton variant="rounded" sx={{ height }} />
            </Grid>
          ))}
        </Grid>
      </Stack>
    );
  }
  // Spec §8: a failed plans fetch is silent; no Premium plan → "Plans not available".
  if (!hasPremiumPlan(plans.data)) {
    return (
      <Alert severity="info" sx={{ my: 4 }}>
        <AlertTitle>{t('pricing.notAvailable')}</AlertTitle>
        {t('pricing.notAvailableBody')}
      </Alert>
    );
  }
  const list = plans.data ?? [];
  const best = Math.max(
    0,
    ...list.filter((p) => p.planType === 1).map((p) => yearlyDiscountPercent(p.monthlyPrice, p.yearlyPrice)),
  );

  return (
    <Stack spacing={4} sx={[{ alignItems: 'center' }, billingFollowsRadios]}>
      <BillingRadios defaultValue={billing} onChange={onBillingChange} yearlyRef={yearly} />
      <BillingLabels discountPercent={best} />
      <Grid container spacing={3} sx={{ width: '100%', justifyContent: 'center' }}>
        {list.map((plan) => {
          const selection = buildPlanSelection(plan, billing, planText(plan));
          const free = plan.planType === 0;
          const current =
            currentPlanType !== undefined && currentPlanType !== null && currentPlanType === plan.planType;
          // The radio, not the render: before the app ran, the visitor may have switched natively.
          const checkedBilling = (): SelectedBilling => (yearly.current?.checked === false ? 'monthly' : 'yearly');
          return (
            <Grid key={plan.planId} size={{ xs: 12, md: 6 }} sx={{ maxWidth: 480 }}>
              <PlanCard
                selection={selection}
                free={free}
                highlighted={plan.planType === 1}
                action={{
                  label: current
                    ? t('pricing.current')
                    : free
                      ? t('pricing.startFree')
                      : t('pricing.choose', { name: selection.name }),
                  onClick: () =>
                    onChoose({ plan, selection: buildPlanSelection(plan, checkedBilling(), planText(plan)) }),
                  disabled: current || (free && currentPlanType !== undefined && currentPlanType !== null),
                }}
              />
            </Grid>
          );
        })}
      </Grid>
    </Stack>
  );
}
