import type { TranslationsOf } from '@stockwise/shared';
import type { en } from './en';

export const tr: TranslationsOf<typeof en> = {
  editItem: {
    title: 'Ürün Düzenle',
    subtitle:
      'Bir seri numarası okutun veya yazın, ürünün ana bilgilerini düzeltin, kaydedin. Her değişiklik geçmişinde tutulur.',
    find: 'Aç',
    note: 'Neden (geçmişte tutulur)',
    save: 'Değişiklikleri kaydet',
    saving: 'Kaydediliyor…',
    saved: '{{serial}} kaydedildi.',
    nothingChanged: 'Hiçbir şey değişmedi.',
    failed: 'Ürün kaydedilemedi.',
    conflict: 'Siz düzenlerken başka biri bu ürünü değiştirdi.',
    theirChanges: 'Değiştirdikleri:',
    reload: 'Onların sürümünü yükle (düzenlemeleriniz atılır)',
    invalidAmount: '1250 veya 1250,50 gibi bir tutar girin.',
    invalidMonths: '0 ile 600 arasında tam ay girin.',
    invalidNumber: 'Bir sayı girin.',
    history: 'Geçmişini gör',
  },
};
