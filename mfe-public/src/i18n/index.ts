import { defineTranslations } from '@stockwise/shared';
import { en } from './en';
import { tr } from './tr';

export const { namespace: NS, useT } = defineTranslations('public', { en, tr });
