import type { TranslationsOf } from '@stockwise/shared';
import type { RoleManagementTexts } from './en';

export const tr: TranslationsOf<RoleManagementTexts> = {
  roleManagement: {
    subtitle: 'Kim hangi role sahip. Her kutu bir rolü hemen verir veya geri alır.',
    user: 'Kullanıcı',
    holds: '{{name}} {{role}} rolüne sahip',
    deactivated: 'devre dışı',
    nextRequest:
      'Değişiklik kullanıcının bir sonraki isteğinden itibaren geçerlidir; menüsü yeniden oturum açtığında güncellenir.',
    given: '{{name}} artık {{role}} rolüne sahip.',
    taken: '{{name}} artık {{role}} rolüne sahip değil.',
    refused: '{{name}} için değiştirilmedi: {{message}}',
    failed: 'Roller kaydedilemedi.',
    emptyTitle: 'Henüz kullanıcı yok',
  },
};
