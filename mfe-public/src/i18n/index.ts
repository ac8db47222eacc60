import { defineTranslations } from '@stockwise/shared';

/**
 * The public remote's namespace. Every page's text belongs to a feature (features/<f>/i18n) and
 * joins this namespace when that feature's chunk loads; the remote itself owns only the titles of
 * its drawer entries, which the shell draws before any page of this remote is loaded.
 */
export const { namespace: NS, useT } = defineTranslations('public', {
  en: { menu: { sendMessage: 'Send us a message' } },
  tr: { menu: { sendMessage: 'Bize mesaj gönderin' } },
});
