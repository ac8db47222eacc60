import type { TranslationsOf } from '@stockwise/shared';
import type { en } from './en';

export const tr: TranslationsOf<typeof en> = {
  returns: {
    returnAction: 'İade al',
    scrapAction: 'Hurdaya ayır',
    returnTitle: '{{serial}} iadesi',
    scrapTitle: '{{serial}} hurdaya',
    reason: 'Neden',
    reasonRequired: 'Nedenini yazın.',
    refund: 'Geri ödeme',
    refundHelp: 'En çok satış fiyatı, {{price}}.',
    refundInvalid: '12,50 gibi bir tutar, en çok {{price}}.',
    destination: 'Gideceği durum',
    location: 'Konum',
    locationUnchanged: 'Şu anki yeri',
    returnConfirm: 'İadeyi al',
    scrapConfirm: 'Hurdaya ayır',
    returned: '{{serial}} iade alındı.',
    scrapped: '{{serial}} hurdaya ayrıldı.',
    panelTitle: 'Tek ürünü iade al veya hurdaya ayır',
    panelHint: 'Bir ürün okutun: satılmış olan iade alınabilir, stokta ya da işlem bekleyen hurdaya ayrılabilir.',
    nothingToDo: '{{serial}} {{status}} durumunda: iade alınacak ya da hurdaya ayrılacak bir şey yok.',
    voidAction: 'Satışı iptal et',
    voidTitle: '{{number}} numaralı satışın iptali',
    voidHint: 'Bugün yanlışlıkla yapılan bir satış: ürünleri satıştan önceki durumlarına döner.',
    voidConfirm: 'Satışı iptal et',
    voided: '{{number}} numaralı satış iptal edildi.',
    returnLine: '{{line}}. satırı iade al',
  },
};
