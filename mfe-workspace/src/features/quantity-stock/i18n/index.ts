import { defineFeatureTranslations } from '@/i18n';
import { en } from './en';
import { tr } from './tr';

export const { useT } = defineFeatureTranslations({ en, tr });
