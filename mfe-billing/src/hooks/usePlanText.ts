import type { Plan } from '@stockwise/shared';
import { useT } from '@/i18n';

/** A plan's subtitle and feature list, in the reader's language, with its real limits. */
export function usePlanText() {
  const { t } = useT();
  return (plan: Plan): { subtitle: string; features: string[] } => {
    const limits = [t('plans.users', { count: plan.maxUsers }), t('plans.locations', { count: plan.maxLocations })];
    if (plan.planType === 0) {
      return {
        subtitle: t('plans.freeSubtitle'),
        features: [...limits, ...(t('plans.freeFeatures', { returnObjects: true }) as string[])],
      };
    }
    if (plan.planType === 1) {
      return {
        subtitle: t('plans.premiumSubtitle'),
        features: [...limits, ...(t('plans.premiumFeatures', { returnObjects: true }) as string[])],
      };
    }
    return { subtitle: t('plans.otherSubtitle'), features: limits };
  };
}
