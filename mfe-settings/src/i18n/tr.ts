import type { TranslationsOf } from '@stockwise/shared';
import type { SettingsTexts } from './en';

export const tr: TranslationsOf<SettingsTexts> = {
  screens: {
    stores: 'Lokasyonlar',
    users: 'Kullanıcılar ve Kullanıcı Rolleri',
    itemTypes: 'Ürün Türleri',
    productModels: 'Ürün Modelleri',
    transactionTypes: 'İşlem Türleri',
    roles: 'Roller',
    roleManagement: 'Rol Yönetimi',
    roleClaims: 'Roller ve İşlem Türü Erişimi',
    invitations: 'Kullanıcı Davetleri',
    labelSettings: 'Etiket Ayarları',
    company: 'Şirket Bilgileri',
    brands: 'Markalar',
    security: 'Güvenlik',
    auditLog: 'Denetim Kaydı',
  },
  plan: {
    usage: '{{max}} hakkın {{used}} tanesi kullanılıyor',
    usageLabel: '{{plan}} planında {{what}}',
    atLimit: 'Planınızın sınırına ulaştınız.',
    goPremium: 'Premium’a geçin',
    askOwner: 'Premium’a geçmek için Şirket Sahibine başvurun.',
    seats: 'Koltuklar (kullanıcılar ve bekleyen davetler)',
  },
  list: {
    actions: 'İşlemler',
    edit: '{{name}} düzenleyin',
    remove: '{{name}} silin',
    deleteTitle: '{{name}} silinsin mi?',
    nameRequired: 'Bir ad girin.',
    tooLong: 'En fazla {{max}} karakter kullanın.',
  },
  roles: {
    label: 'Roller',
    required: 'En az bir rol seçin.',
    ownerOnly: 'Bu rolü yalnızca bir Şirket Sahibi verebilir veya geri alabilir.',
    loadError: 'Roller yüklenemedi.',
  },
};
