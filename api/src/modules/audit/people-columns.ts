import { word, type Language } from '../../lib/item-words.js';
import type { PeopleColumn } from '../../lib/list-export.js';
import type { AuditAction, AuditEntity } from '../../vocabulary.js';

// The audit log's columns for people (csv, xlsx): headers and the kinds of change in the reader's
// language, the words the settings screen's "Audit log" shows (mfe-settings i18n, auditLog block).

const HEADERS: Record<Language, Record<'entity' | 'name' | 'action' | 'before' | 'after', string>> = {
  en: { entity: 'Setting', name: 'Name', action: 'Change', before: 'Before', after: 'After' },
  tr: { entity: 'Ayar', name: 'Ad', action: 'Değişiklik', before: 'Önce', after: 'Sonra' },
};

export const ENTITY_WORDS: Record<Language, Record<AuditEntity, string>> = {
  en: {
    role: 'Role',
    'role-claims': 'Role claims',
    'user-roles': 'User roles',
    user: 'User',
    invitation: 'Invitation',
    subscription: 'Plan',
    company: 'Company',
    'label-settings': 'Label settings',
    'transaction-type': 'Transaction type',
    'item-type': 'Item type',
    brand: 'Brand',
    location: 'Location',
    status: 'Status',
    'sso-provider': 'Single sign-on provider',
  },
  tr: {
    role: 'Rol',
    'role-claims': 'Rol yetkileri',
    'user-roles': 'Kullanıcı rolleri',
    user: 'Kullanıcı',
    invitation: 'Davet',
    subscription: 'Plan',
    company: 'Şirket',
    'label-settings': 'Etiket ayarları',
    'transaction-type': 'İşlem türü',
    'item-type': 'Ürün türü',
    brand: 'Marka',
    location: 'Konum',
    status: 'Durum',
    'sso-provider': 'Tek oturum açma sağlayıcısı',
  },
};

export const ACTION_WORDS: Record<Language, Record<AuditAction, string>> = {
  en: {
    create: 'Created',
    update: 'Changed',
    delete: 'Deleted',
    deactivate: 'Deactivated',
    reactivate: 'Reactivated',
    revoke: 'Revoked',
    resend: 'Resent',
  },
  tr: {
    create: 'Oluşturuldu',
    update: 'Değiştirildi',
    delete: 'Silindi',
    deactivate: 'Devre dışı bırakıldı',
    reactivate: 'Yeniden etkinleştirildi',
    revoke: 'Geri alındı',
    resend: 'Yeniden gönderildi',
  },
};

export function auditPeople(l: Language): PeopleColumn[] {
  const h = HEADERS[l];
  return [
    { key: 'createdAt', header: word(l, 'export', 'when'), type: 'datetime' },
    { key: 'actorName', header: word(l, 'export', 'user'), type: 'text' },
    { key: 'entity', header: h.entity, type: 'text', words: ENTITY_WORDS[l] },
    { key: 'entityName', header: h.name, type: 'text' },
    { key: 'action', header: h.action, type: 'text', words: ACTION_WORDS[l] },
    { key: 'before', header: h.before, type: 'text' },
    { key: 'after', header: h.after, type: 'text' },
  ];
}
