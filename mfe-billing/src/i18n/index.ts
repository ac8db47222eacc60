import { defineTranslations, type TranslationKey } from '@stockwise/shared';
import { en } from './en';
import { tr } from './tr';

// One namespace for the billing remote: its three features (pricing, purchase, limits) show the
// same plan, price and add-on texts, so they share one set here rather than one set per feature.
export const { namespace: NS, useT } = defineTranslations('billing', { en, tr });
export type BillingKey = TranslationKey<typeof en>;
