import type { TranslationsOf } from '@stockwise/shared';
import type { en } from './en';

export const tr: TranslationsOf<typeof en> = {
  multiSale: {
    title: 'Çoklu Satış',
    subtitle:
      'Ürünleri sepete okutun, fiyatları kontrol edin, müşteriyi seçin; tek satışta satmak için boş okutma alanında Enter’a basın.',
    cart: 'Sepet',
    empty: 'Sepet boş. Eklemek için bir seri numarası okutun.',
    price: '{{serial}} fiyatı',
    remove: '{{serial}} kaldır',
    total: 'Toplam',
    added: '{{serial}} sepete eklendi.',
    already: '{{serial}} zaten sepette.',
    notSellable: '{{serial}} {{status}} durumunda ve satılamaz.',
    priceInvalid: '1250 veya 1250,50 gibi bir tutar girin.',
    confirm_one: '{{count}} ürünü sat',
    confirm_other: '{{count}} ürünü sat',
    selling: 'Satılıyor…',
    failed: 'Satış tamamlanamadı. Hiçbir şey satılmadı.',
    lookupFailed: 'Ürün aranamadı. Lütfen tekrar deneyin.',
    receipt: 'Fiş — satış no {{number}}',
    receiptCustomer: 'Müşteri: {{name}}',
    receiptSeller: 'Satıcı: {{name}}',
    warrantyUntil: '{{date}} tarihine kadar garantili',
    print: 'Fişi yazdır',
    newSale: 'Yeni satış',
    // adetle takip edilen model (kablo, kılıf): barkodu her okutuluşta satırına bir ekler
    quantityOf: '{{model}} adedi',
    unitPriceOf: 'Bir {{model}} fiyatı',
    quantityInvalid: '1 veya daha büyük bir tam sayı.',
    onHand_one: 'Eldeki: {{count}}',
    onHand_other: 'Eldeki: {{count}}',
    addedQuantity: 'Sepette {{quantity}} × {{model}}.',
  },
};
