import { defineTranslations, type TranslationKey } from '@stockwise/shared';
import { en } from './en';
import { tr } from './tr';

export const { namespace: NS, useT } = defineTranslations('workspace', { en, tr });
export type WorkspaceKey = TranslationKey<typeof en>;
