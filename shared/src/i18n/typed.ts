import { useTranslation } from 'react-i18next';
import type { CommonKey } from './common-texts';
import { addTranslations, type Language } from './i18n';
import type { NamespaceResources, TranslationKey, TranslationTree, Translate } from './types';

/**
 * Registers a namespace's texts in the page's one i18n instance and returns a hook whose `t`
 * only accepts that namespace's keys (and `common:` keys, see common.ts).
 *   const { useT } = defineTranslations('settings', { en, tr });
 *   const { t } = useT();  t('screens.company')
 */
export function defineTranslations<T extends object, Extra extends string = never>(
  namespace: string,
  resources: NamespaceResources<T>,
) {
  addTranslations(namespace, resources as unknown as Record<Language, TranslationTree>);
  function useT() {
    const { t, i18n } = useTranslation(namespace);
    return { t: t as unknown as Translate<TranslationKey<T> | CommonKey | Extra>, i18n };
  }
  return { namespace, useT };
}
