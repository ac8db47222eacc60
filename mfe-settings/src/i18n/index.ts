import { defineTranslations, type TranslationKey } from '@stockwise/shared';
import { en } from './en';
import { tr } from './tr';

export const { namespace: NS, useT } = defineTranslations('settings', { en, tr });
export type SettingsKey = TranslationKey<typeof en>;
