import type { TranslationsOf } from '@stockwise/shared';
import type { en } from './en';

export const tr: TranslationsOf<typeof en> = {
  customerHistory: {
    title: 'Müşteri Geçmişi',
    subtitle: 'Bir müşterinin satın aldıklarını ve her ürünün garantisini görmek için müşteriyi seçin.',
    customer: 'Müşteri',
    choose: 'Yukarıdan bir müşteri seçin.',
    purchases: 'Satın aldıkları',
    none: 'Henüz satın alma yok.',
    sale: 'Satış no {{number}}',
    saleLine: '{{date}} · {{total}} · satan {{seller}}',
    showLines: '{{number}} numaralı satışın ürünlerini göster',
    hideLines: '{{number}} numaralı satışın ürünlerini gizle',
    warrantyActive: '{{date}} tarihine kadar garantili',
    warrantyEnded: 'garanti {{date}} tarihinde bitti',
    noWarranty: 'garanti yok',
    more: 'Daha fazla göster',
  },
};
