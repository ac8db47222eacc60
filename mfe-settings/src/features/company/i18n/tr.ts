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
    // money: fişlerde basılanlar ve satışların fiyatlanması
    money: {
      address: 'Adres',
      taxNumber: 'Vergi numarası',
      currency: 'Para birimi',
      currencyHint: 'Tüm fiyatlar ve toplamlar bununla gösterilir; geçmiş satışlar kendi para birimini korur.',
      currencyInvalid: 'Listeden bir para birimi seçin.',
      taxRate: 'Vergi oranı (%)',
      taxRateHint: 'Her satış satırına indirimden sonra uygulanır; yoksa boş bırakın.',
      pricesIncludeTax: 'Fiyatlara vergi dahil (vergi fiyatın içindedir, üstüne eklenmez)',
      rateInvalid: '0 ile 100 arasında, en fazla üç ondalıklı bir yüzde (ör. 18 veya 8,875).',
    },
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
