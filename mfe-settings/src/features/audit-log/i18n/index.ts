import { defineTranslations } from '@stockwise/shared';
import { NS } from '@/i18n';
import { en } from './en';
import { tr } from './tr';

export const { useT } = defineTranslations(NS, { en, tr });
