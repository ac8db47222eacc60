import { addTranslations } from '@stockwise/shared';
import { en } from './en';
import { tr } from './tr';

/** The shell's texts join the page's one i18n instance (from @stockwise/shared). */
export function registerShellTranslations(): void {
  addTranslations('shell', { en, tr });
}
registerShellTranslations();
