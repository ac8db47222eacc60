import type { TranslationsOf } from '@stockwise/shared';
import type { en } from './en';

export const tr: TranslationsOf<typeof en> = {
  tasks: {
    title: 'Görevlerim',
    subtitle: 'Size ve rollerinize atanan işler.',
    open: 'Açık',
    done: 'Tamamlanan',
    showing: 'Göster',
    empty: 'Yapılacak bir şey yok — size veya rollerinize açık görev yok.',
    emptyDone: 'Henüz tamamlanan görev yok.',
    start: 'Başla',
    startNamed: '“{{title}}” görevine başla',
    failedStart: 'Ürün açılamadı. Lütfen tekrar deneyin.',
    markDone: 'Tamamlandı olarak işaretle',
    marking: 'Kaydediliyor…',
    markedDone: '“{{title}}” tamamlandı.',
    due: 'Son tarih {{date}}',
    overdue: '{{date}} tarihinden beri gecikmiş',
    finished: '{{date}} tarihinde tamamlandı',
    assignedTo: '{{name}} için',
    item: 'Ürün {{serial}}',
    more: 'Daha fazla göster',
    failedDone: 'Görev tamamlandı olarak işaretlenemedi.',
    kinds: {
      process: 'İşlem',
      transfer: 'Transfer',
      warranty: 'Garanti',
      other: 'Diğer',
    },
  },
};
