import type { TranslationsOf } from '@stockwise/shared';
import type { RoleClaimTexts } from './en';

export const tr: TranslationsOf<RoleClaimTexts> = {
  roleClaims: {
    subtitle:
      'Hangi rollerin her işlem türünü çalıştırabileceği. Değişiklik, etkilenen her kullanıcının bir sonraki isteğinde geçerli olur.',
    type: 'İşlem türü',
    inactive: 'etkin değil',
    builtIn: 'yerleşik',
    may: '{{role}}, {{type}} çalıştırabilir',
    ownerAll: 'Şirket Sahibi, sonradan eklenenler dahil her işlem türünü çalıştırır.',
    save: 'Erişimi kaydedin',
    discard: 'Değişiklikleri bırakın',
    changed: 'Kaydedilmemiş değişiklikler: {{roles}}',
    saved: 'Erişim kaydedildi. Her kullanıcının bir sonraki isteğinde geçerli olur.',
    notSaved: 'Hiçbir şey kaydedilmedi: {{message}}',
    failed: 'Erişim kaydedilemedi.',
    emptyTitle: 'Henüz işlem türü yok',
  },
};
