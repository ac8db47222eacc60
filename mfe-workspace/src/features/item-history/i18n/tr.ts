import type { TranslationsOf } from '@stockwise/shared';
import type { en } from './en';

export const tr: TranslationsOf<typeof en> = {
  history: {
    title: 'Ürün Geçmişi',
    subtitle: 'Ürünü ve başına gelen her şeyi görmek için bir seri numarası, SKU veya model okutun ya da yazın.',
    searchLabel: 'Seri no, SKU veya model',
    find: 'Bul',
    searching: 'Aranıyor…',
    nothingFound: '“{{query}}” ile eşleşen bir şey yok.',
    matches: '“{{query}}” ile birden fazla ürün eşleşiyor — birini seçin:',
    timeline: 'Zaman çizelgesi',
    noEvents: 'Bu ürün için kayıtlı olay yok.',
    by: '{{user}} tarafından',
    unknownUser: 'silinmiş bir kullanıcı',
    note: 'Not: {{note}}',
    reason: 'Neden: {{reason}}',
    refund: 'Geri ödenen: {{amount}}',
    move: '{{from}} → {{to}}',
    statusChange: '{{from}} → {{to}}',
    change: '{{field}}: {{before}} → {{after}}',
    saleLink: 'Satış',
    empty: '(boş)',
    kinds: {
      receive: 'Teslim alındı',
      sell: 'Satıldı',
      process: 'İşlendi',
      move: 'Taşındı',
      status_change: 'Durumu değişti',
      return: 'İade edildi',
      scrap: 'Hurdaya ayrıldı',
      edit: 'Düzenlendi',
      void: 'Satış iptal edildi',
      warranty: 'Garanti talebi',
    },
    failed: 'Ürün yüklenemedi.',
  },
};
