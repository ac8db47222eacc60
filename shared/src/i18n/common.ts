import { en, tr } from './common-texts';
import { defineTranslations } from './typed';

/** The 'common' namespace: registered once by @stockwise/shared, reached from any namespace as 'common:…'. */
export const COMMON_NAMESPACE = 'common';
export const { useT: useCommonT } = defineTranslations<typeof en>(COMMON_NAMESPACE, { en, tr });
