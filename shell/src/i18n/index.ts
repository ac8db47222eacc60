import { defineTranslations, type TranslationKey } from '@stockwise/shared';
import { en } from './en';
import { tr } from './tr';

/** The shell's texts join the page's one i18n instance; `t` of `useT()` only takes the shell's keys. */
export const { namespace: NS, useT } = defineTranslations('shell', { en, tr });
export type ShellKey = TranslationKey<typeof en>;
