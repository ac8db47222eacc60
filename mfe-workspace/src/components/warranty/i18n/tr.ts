import type { TranslationsOf } from '@stockwise/shared';
import type { en } from './en';

export const tr: TranslationsOf<typeof en> = {
  warranty: {
    sectionTitle: 'Garanti talebi',
    openAction: 'Garanti talebi aç',
    openTitle: '{{serial}} için garanti talebi',
    openHint: '{{date}} tarihine kadar garantili. Tedarikçi: {{vendor}}.',
    noVendor: 'kayıtlı değil',
    fault: 'Arıza nedir',
    faultRequired: 'Arızayı yazın.',
    openConfirm: 'Talebi aç',
    opened: '{{serial}} için garanti talebi açıldı.',
    advanceTitle: '{{action}} — {{serial}}',
    note: 'Not',
    noteRequired: 'Talebin onarım ya da değişim olmadan neden kapandığını yazın.',
    rejectHint: 'Şimdi kapatmak talebi reddedildi olarak kaydeder.',
    advanced: '{{serial}} talebi: {{state}}.',
    summary: 'Tedarikçi {{vendor}} · {{date}} tarihinde {{user}} açtı',
    faultLine: 'Arıza: {{fault}}',
    outcomeLine: 'Sonuç: {{outcome}}',
    states: {
      open: 'Açık',
      sent: 'Tedarikçiye gönderildi',
      repaired: 'Onarıldı',
      replaced: 'Değiştirildi',
      closed: 'Kapandı',
    },
    actions: {
      sent: 'Tedarikçiye gönderildi',
      repaired: 'Onarıldı',
      replaced: 'Değiştirildi',
      closed: 'Talebi kapat',
    },
    outcomes: {
      repaired: 'Onarıldı',
      replaced: 'Değiştirildi',
      rejected: 'Reddedildi',
    },
  },
};
