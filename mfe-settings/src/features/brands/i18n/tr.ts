import type { TranslationsOf } from '@stockwise/shared';
import type { BrandTexts } from './en';

export const tr: TranslationsOf<BrandTexts> = {
  brands: {
    subtitle: 'Ürünlerinizin üreticileri.',
    add: 'Marka ekleyin',
    rename: 'Markayı yeniden adlandırın',
    name: 'Ad',
    created: 'Eklenme',
    edit: '{{name}} markasını yeniden adlandırın',
    emptyTitle: 'Henüz marka yok',
    emptyBody: 'Sattığınız markaları ekleyin; kabul ve ürün listeleri bunları sunar.',
    saved: 'Marka kaydedildi.',
    deleted: 'Marka silindi.',
    deleteBody: 'Bir marka ancak hiçbir ürün onu kullanmıyorken silinebilir.',
  },
};
