import type { TranslationsOf } from '@stockwise/shared';
import type { en } from './en';

export const tr: TranslationsOf<typeof en> = {
  rapidSell: {
    title: 'Hızlı Satış',
    subtitle: 'Seri numarasını okutun, fiyatı kontrol edin, satmak için Enter’a basın. Escape baştan başlatır.',
    price: 'Fiyat',
    priceInvalid: '1250 veya 1250,50 gibi bir tutar girin.',
    confirm: 'Sat (Enter)',
    selling: 'Satılıyor…',
    looking: '{{serial}} aranıyor…',
    ready: '{{serial}} hazır: {{price}} fiyatla satmak için Enter’a basın.',
    sold: '{{serial}} {{price}} fiyatla satıldı — satış no {{number}}.',
    soldTitle: 'Bu oturumda satılanlar',
    none: 'Bu oturumda henüz satış yok.',
    failed: 'Satış tamamlanamadı. Lütfen tekrar deneyin.',
    lookupFailed: 'Ürün aranamadı. Lütfen tekrar deneyin.',
    alreadySold: 'Bu ürün zaten satılmış.',
    notSellable: '{{serial}} {{status}} durumunda ve satılamaz.',
    // a model tracked by quantity (cables, cases): its barcode adds one each scan
    quantity: 'Adet',
    quantityInvalid: '1 veya daha büyük bir tam sayı.',
    unitPrice: 'Birim fiyat',
    onHand_one: 'Eldeki: {{count}}',
    onHand_other: 'Eldeki: {{count}}',
    readyQuantity: '{{quantity}} × {{model}}: bir tane daha için yeniden okutun ya da satmak için Enter’a basın.',
  },
};
