import { defineTranslations } from '@stockwise/shared';
import { en } from './en';
import { tr } from './tr';

/** This feature's texts join the remote's namespace ('public') when the feature's chunk loads. */
export const { namespace: NS, useT } = defineTranslations('public', { en, tr });
