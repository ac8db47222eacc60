import type { TranslationsOf } from '@stockwise/shared';
import type { InvitationTexts } from './en';

export const tr: TranslationsOf<InvitationTexts> = {
  invitations: {
    subtitle: 'Kişileri sahip olacakları rollerle e-postayla davet edin. Bir bağlantı 7 gün geçerlidir.',
    add: 'Kullanıcı davet edin',
    email: 'E-posta',
    roles: 'Roller',
    status: 'Durum',
    invitedBy: 'Davet eden',
    expires: 'Son geçerlilik',
    created: 'Gönderildi',
    actions: 'İşlemler',
    statuses: { pending: 'Bekliyor', accepted: 'Kabul edildi', revoked: 'İptal edildi', expired: 'Süresi doldu' },
    copy: '{{email}} için bağlantıyı kopyalayın',
    revoke: '{{email}} davetini iptal edin',
    copied: 'Bağlantı kopyalandı.',
    copyFailed: 'Bağlantı kopyalanamadı: seçip elle kopyalayın.',
    send: 'Daveti gönderin',
    emailInvalid: 'Geçerli bir e-posta adresi girin.',
    sent: 'Davet {{email}} adresine gönderildi.',
    sentBody: 'Bağlantı e-postayla ulaşır; siz de paylaşabilirsiniz:',
    link: 'Davet bağlantısı',
    copyLink: 'Bağlantıyı kopyalayın',
    revokeTitle: '{{email}} daveti iptal edilsin mi?',
    revokeBody: 'Bağlantı çalışmaz olur ve koltuk boşalır. Aynı adresi yeniden davet edebilirsiniz.',
    revokeConfirm: 'İptal edin',
    revoked: 'Davet iptal edildi.',
    emptyTitle: 'Henüz davet yok',
    emptyBody: 'Stockwise’ta sizinle çalışacak kişileri davet edin.',
  },
};
