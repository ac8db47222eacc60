import type { TranslationsOf } from '@stockwise/shared';
import type { UserTexts } from './en';

export const tr: TranslationsOf<UserTexts> = {
  users: {
    subtitle: 'Şirketinizdeki herkes ve neler yapabileceklerini belirleyen rolleri.',
    invite: 'Kullanıcı davet edin',
    name: 'Ad',
    userName: 'Kullanıcı adı',
    email: 'E-posta',
    roles: 'Roller',
    noRoles: 'Rol yok',
    created: 'Katıldı',
    status: 'Durum',
    active: 'Etkin',
    deactivated: 'Devre dışı',
    reactivated: 'Kullanıcı yeniden etkinleştirildi.',
    deactivate: '{{name}} devre dışı bırakın',
    reactivate: '{{name}} yeniden etkinleştirin',
    deactivateTitle: '{{name}} devre dışı bırakılsın mı?',
    deactivateBody:
      'Artık oturum açamaz ve açık oturumları çalışmayı durdurur. Geçmişi kalır. İstediğiniz zaman yeniden etkinleştirebilirsiniz.',
    deactivateConfirm: 'Devre dışı bırak',
    reactivateTitle: '{{name}} yeniden etkinleştirilsin mi?',
    reactivateBody: 'Sahip olduğu rollerle yeniden oturum açabilir.',
    reactivateConfirm: 'Yeniden etkinleştir',
    edit: '{{name}} kullanıcısının rollerini değiştirin',
    editTitle: '{{name}} kullanıcısının rolleri',
    noRolesHint: 'Rolü olmayan bir kullanıcı oturum açabilir ama yalnızca kendi profiline ulaşır.',
    nextRequest: 'Değişiklik bir sonraki isteğinde geçerli olur; menüsü yeniden oturum açınca güncellenir.',
    saved: 'Roller kaydedildi.',
    emptyTitle: 'Henüz kullanıcı yok',
    emptyBody: 'Stockwise’ta sizinle çalışacak kişileri davet edin.',
  },
};
