import type { TranslationsOf } from '@stockwise/shared';
import type { en } from './en';

export const tr: TranslationsOf<typeof en> = {
  itemList: {
    title: 'Ürün Listesi',
    subtitle:
      'Tüm ürünler, sunucu tarafından filtrelenir ve sıralanır; CSV yalnızca bu sayfayı değil, uyan her ürünü içerir.',
  },
};
