import type { TranslationsOf } from '@stockwise/shared';
import type { BrandTexts } from './en';

export const tr: TranslationsOf<BrandTexts> = {
  brands: {
    subtitle: 'Ürünlerinizin üreticileri.',
    add: 'Marka ekleyin',
    rename: 'Markayı yeniden adlandırın',
    name: 'Ad',
    created: 'Eklenme',
    actions: 'İşlemler',
    edit: '{{name}} markasını yeniden adlandırın',
    remove: '{{name}} markasını silin',
    emptyTitle: 'Henüz marka yok',
    emptyBody: 'Sattığınız markaları ekleyin; kabul ve ürün listeleri bunları sunar.',
    required: 'Bir ad girin.',
    tooLong: 'En fazla {{max}} karakter kullanın.',
    saved: 'Marka kaydedildi.',
    deleted: 'Marka silindi.',
    deleteTitle: '{{name}} silinsin mi?',
    deleteBody: 'Bir marka ancak hiçbir ürün onu kullanmıyorken silinebilir.',
  },
};
