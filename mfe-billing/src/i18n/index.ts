import { addTranslations } from '@stockwise/shared';
import { en } from './en';
import { tr } from './tr';

export const NS = 'billing';
addTranslations(NS, { en, tr });
