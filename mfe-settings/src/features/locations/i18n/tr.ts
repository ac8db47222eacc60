import type { TranslationsOf } from '@stockwise/shared';
import type { LocationTexts } from './en';

export const tr: TranslationsOf<LocationTexts> = {
  locations: {
    subtitle: 'Ürünlerinizin bulunduğu depolar, mağazalar ve diğer yerler, ağaç olarak.',
    add: 'Lokasyon ekleyin',
    editTitle: 'Lokasyonu düzenleyin',
    name: 'Ad',
    kind: 'Tür',
    parent: 'Bağlı olduğu yer',
    noParent: 'Yok (en üst düzey)',
    active: 'Etkin',
    status: 'Durum',
    activeYes: 'Etkin',
    activeNo: 'Etkin değil',
    edit: '{{name}} lokasyonunu düzenleyin',
    remove: '{{name}} lokasyonunu silin',
    kinds: { warehouse: 'Depo', store: 'Mağaza', other: 'Diğer' },
    usage: 'Etkin lokasyonlar',
    emptyTitle: 'Henüz lokasyon yok',
    emptyBody: 'Ürünlerinizi tuttuğunuz depoları ve mağazaları ekleyin.',
    saved: 'Lokasyon kaydedildi.',
    deleted: 'Lokasyon silindi.',
    deleteBody:
      'Yalnızca kullanılmayan bir lokasyon silinebilir. Ürünü veya geçmişi olan bir lokasyon bunun yerine etkisiz yapılabilir.',
  },
};
