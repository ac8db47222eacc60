import type { TranslationsOf } from '@stockwise/shared';
import type { CompanyTexts } from './en';

export const tr: TranslationsOf<CompanyTexts> = {
  company: {
    subtitle: 'Şirketinizin adı, sektörü, telefonu ve logosu; ekibiniz ve etiketleriniz bunları gösterir.',
    details: 'Bilgiler',
    companyName: 'Şirket adı',
    industry: 'Sektör',
    phone: 'Telefon',
    saved: 'Şirket kaydedildi.',
    saveFailed: 'Şirket kaydedilemedi.',
    required: 'Şirket adını girin.',
    tooLong: 'En fazla {{max}} karakter kullanın.',
    logo: {
      title: 'Logo',
      hint: 'PNG, JPEG, GIF veya WebP, en fazla 5 MB. Kare olarak kırpılır.',
      choose: 'Görsel seçin',
      change: 'Görseli değiştirin',
      remove: 'Logoyu kaldırın',
      undo: 'Mevcut logoyu koruyun',
      none: 'Henüz logo yok',
      preview: 'Logo önizlemesi',
      current: '{{company}} şirketinin mevcut logosu',
      newOne: 'Yeni logo, formla birlikte kaydedilir',
      removed: 'Kaydettiğinizde logo kaldırılır.',
      badType: 'PNG, JPEG, GIF veya WebP bir görsel seçin.',
      tooBig: 'Görsel 5 MB’tan büyük.',
      uploadFailed: 'Logo yüklenemedi: {{reason}}',
    },
  },
};
