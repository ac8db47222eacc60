import type { TranslationsOf } from '@stockwise/shared';
import type { SettingsTexts } from './en';

export const tr: TranslationsOf<SettingsTexts> = {
  screens: {
    stores: 'Lokasyonlar',
    users: 'Kullanıcılar ve Kullanıcı Rolleri',
    itemTypes: 'Ürün Türleri',
    transactionTypes: 'İşlem Türleri',
    roles: 'Roller',
    roleManagement: 'Rol Yönetimi',
    roleClaims: 'Roller ve İşlem Türü Erişimi',
    invitations: 'Kullanıcı Davetleri',
    labelSettings: 'Etiket Ayarları',
    company: 'Şirket Bilgileri',
    brands: 'Markalar',
  },
};
