import { defineTranslations } from '@stockwise/shared';

/**
 * The public remote's namespace. Every text belongs to a feature (features/<f>/i18n) and joins
 * this namespace when that feature's chunk loads; the remote itself owns none.
 */
export const { namespace: NS, useT } = defineTranslations('public', { en: {}, tr: {} });
