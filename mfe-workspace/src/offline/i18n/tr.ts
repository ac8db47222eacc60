import type { TranslationsOf } from '@stockwise/shared';
import type { en } from './en';

export const tr: TranslationsOf<typeof en> = {
  till: {
    online: 'Çevrimiçi',
    offline: 'Çevrimdışı — satışlar bu cihazda saklanır ve bağlantı gelince gönderilir.',
    offlineReceive: 'Çevrimdışı — teslim almalar bu cihazda saklanır ve bağlantı gelince gönderilir.',
    offlineCount: 'Çevrimdışı — okutmalar bu cihazda saklanır ve bağlantı gelince sayıma eklenir.',
    syncing: '{{count}} bekleyen gönderiliyor…',
    waitingCount: '{{count}} gönderilmeyi bekliyor',
    queueTitle: 'Bu cihazda',
    waiting: 'Gönderilmeyi bekliyor · {{time}} kuyruğa alındı',
    sent: 'Gönderildi — satış no {{number}}',
    received: 'Gönderildi — teslim alındı',
    syncedAs: 'Gönderildi — {{what}}',
    conflict: 'Çevrimdışıyken başka yerde satılmış — ürünü kontrol edin. {{problem}}',
    failed: 'Gönderilmedi: {{problem}}',
    noPrice: 'Gönderilmedi: ürünün satış fiyatı yok. Fiyat girerek yeniden satın.',
    dismiss: 'Kapat',
    dismissLabel: '{{label}} kaydını kapat',
    queuedScan: '{{serial}} bu cihazda saklandı; bağlantı gelince satış fiyatıyla satılacak.',
    queuedSale: 'Bu cihazda saklandı — bağlantı gelince satılacak.',
    alreadyQueued: '{{serial}} zaten gönderilmeyi bekliyor.',
    offlineLookup: 'Çevrimdışı: ürünler aranamıyor. Sepeti bu cihazda satın ya da Hızlı Satış’ta okutun.',
    queuedReceive: 'Bu cihazda saklandı — bağlantı gelince teslim alınacak.',
    queuedCount: '{{serial}} bu cihazda saklandı; bağlantı gelince sayıma eklenecek.',
  },
};
