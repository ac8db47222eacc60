import type { TranslationsOf } from '@stockwise/shared';
import type { en } from './en';

export const tr: TranslationsOf<typeof en> = {
  manager: {
    title: 'Ürün Yöneticisi',
    subtitle:
      'Tüm ürünler, sunucu tarafından filtrelenir ve sıralanır. Filtreler adreste kalır; bir bağlantı aynı listeyi gösterir.',
  },
};
