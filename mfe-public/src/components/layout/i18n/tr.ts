import type { TranslationsOf } from '@stockwise/shared';
import type { LayoutTexts } from './en';

export const tr: TranslationsOf<LayoutTexts> = {
  nav: {
    home: 'Ana Sayfa',
    about: 'Hakkımızda',
    features: 'Özellikler',
    docs: 'Belgeler',
    contact: 'İletişim',
    signIn: 'Giriş Yap',
    getStarted: 'Ücretsiz Başlayın',
    openMenu: 'Menüyü aç',
    closeMenu: 'Menüyü kapat',
    primary: 'Ana gezinme',
    skip: 'İçeriğe geç',
  },
  footer: {
    tracking: 'Gerçek Zamanlı Takip',
    automation: 'Rapor Otomasyonu',
    integrations: 'Tam Entegrasyon',
    analytics: 'Gelişmiş Analitik',
    tagline: 'Envanter Yönetimini Kolaylaştırır',
    features: 'Özellikler',
    company: 'Şirket',
    getStarted: 'Başlayın',
    aboutUs: 'Hakkımızda',
    contact: 'İletişim',
    support: 'Destek',
    privacy: 'Gizlilik Politikası',
    signIn: 'Giriş Yap',
    getStartedFree: 'Ücretsiz Başlayın',
    pricing: 'Fiyatlandırma',
    documentation: 'Belgeler',
    social: 'Stockwise’ı takip edin',
    rights: '© {{year}} Stockwise. Tüm hakları saklıdır.',
  },
};
