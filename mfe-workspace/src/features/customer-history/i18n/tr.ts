import type { TranslationsOf } from '@stockwise/shared';
import type { en } from './en';

export const tr: TranslationsOf<typeof en> = {
  customerHistory: {
    title: 'Müşteri Geçmişi',
    subtitle: 'Satın aldıklarını, her ürünün garantisini ve iadelerini görmek için bir müşteri seçin.',
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
    inactive: 'Pasif: kendisine yeni satış yapılmaz',
    warranties: 'Ürünler ve garantiler',
    noItems: 'Henüz bir ürün satın almadı.',
    soldIn: '{{date}}, satış #{{number}}',
    returns: 'İadeler',
    noReturns: 'İade yok.',
    returned: '{{serial}} iade edildi: {{date}}',
    columns: { serial: 'Seri no', item: 'Ürün', sold: 'Satış', price: 'Fiyat', warranty: 'Garanti' },
    summary: {
      title: '{{name}} toplamları',
      sales: 'Satışlar',
      itemsBought: 'Satın alınan ürün',
      spent: 'Harcanan',
      returns: 'İadeler',
      warrantiesActive: 'Süren garantiler',
      warrantiesEnded: 'Biten garantiler',
    },
  },
};
