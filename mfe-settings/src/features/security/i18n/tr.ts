import type { TranslationsOf } from '@stockwise/shared';
import type { SecurityTexts } from './en';

export const tr: TranslationsOf<SecurityTexts> = {
  security: {
    subtitle: 'Ekibinizin nasıl giriş yaptığı: iki adımlı doğrulama ve şirketinizin kendi tek oturum açma hizmeti.',
    mfa: {
      title: 'İki adımlı doğrulama',
      require: 'Sahipler ve Yöneticiler için iki adımlı doğrulamayı zorunlu kılın',
      explain:
        'Bu açıkken her Sahip ve Yönetici, şifresinden sonra bir kimlik doğrulama uygulamasından kod girmelidir. ' +
        'Henüz kurmamış bir Sahip veya Yönetici giriş yaptıktan sonra yalnızca Profil → Güvenlik sayfasını açabilir ' +
        've başka bir şey açılmadan önce orada bir kimlik doğrulama uygulaması kurmalıdır. Diğer roller etkilenmez.',
      ownFirst: 'Başkalarından istemeden önce kendi hesabınızda iki adımlı doğrulamayı açmalısınız.',
      setUpOwn: 'Kendi iki adımlı doğrulamanızı kurun',
      saved: 'İki adımlı doğrulama artık Sahipler ve Yöneticiler için zorunlu.',
      savedOff: 'İki adımlı doğrulama artık zorunlu değil.',
      saveFailed: 'Ayar kaydedilemedi.',
    },
    sso: {
      title: 'Tek oturum açma',
      explain:
        'Şirketinizin, kullanıcılarınızın e-posta alan adı için kendi OpenID Connect sağlayıcısı (Microsoft Entra ID, ' +
        'Okta, Google Workspace…). Bu alan adında adresi olan kullanıcılar onunla giriş yapabilir.',
      ownerOnly:
        'Sağlayıcıyı yalnızca Şirket Sahibi ekleyebilir veya değiştirebilir: şirketinizin kullanıcılarını, sahipler dahil, oturum açtırır.',
      add: 'Sağlayıcı ekleyin',
      addTitle: 'Tek oturum açma sağlayıcısı ekleyin',
      domain: 'E-posta alan adı',
      domainHint: 'Örneğin example.com: kullanıcılarınızın adreslerinde @ işaretinden sonraki kısım.',
      domainRequired: 'E-posta alan adını girin.',
      domainFormat: 'example.com gibi bir alan adı girin.',
      issuer: 'Yayıncı (issuer) URL’si',
      issuerHint: 'Sağlayıcının yayıncısı (keşif belgesi /.well-known/openid-configuration adresindedir).',
      issuerFormat: 'Yayıncının tam URL’sini girin, örneğin https://login.example.com.',
      clientId: 'İstemci kimliği',
      clientIdRequired: 'İstemci kimliğini girin.',
      clientSecret: 'İstemci gizli anahtarı',
      clientSecretHint: 'İsteğe bağlı. Saklanır ve bir daha gösterilmez.',
      secretKept: 'İstemci gizli anahtarı saklanıyor',
      noSecret: 'İstemci gizli anahtarı yok',
      redirectUri: 'Sağlayıcıya kaydedilecek yönlendirme URI’si: {{uri}}',
      standIn: 'Geliştirme girişi — gerçek sağlayıcı değil',
      standInHint: 'Bu geliştirme sunucusunun gömülü giriş sağlayıcısı; gerçek bir sağlayıcı değil.',
      useStandIn: 'Geliştirme girişini doldurun',
      emptyTitle: 'Henüz tek oturum açma sağlayıcısı yok',
      emptyBody: 'Siz bir tane ekleyene kadar kullanıcılarınız şifreleriyle (veya Google ile) giriş yapar.',
      list: 'Tek oturum açma sağlayıcıları',
      tooLong: 'En fazla {{max}} karakter kullanın.',
      saved: 'Tek oturum açma sağlayıcısı eklendi.',
      deleted: 'Tek oturum açma sağlayıcısı kaldırıldı.',
      deleteBody: 'Bu alan adındaki kullanıcılar yeniden şifreleriyle veya Google ile giriş yapar.',
      remove: '{{domain}} sağlayıcısını kaldırın',
      edit: '{{domain}} sağlayıcısını düzenleyin',
      editTitle: 'Tek oturum açma sağlayıcısını düzenleyin',
      domainFixed: 'Alan adı değişmez: başka bir alan adı için başka bir sağlayıcı ekleyin.',
      clientSecretKeep: 'Saklanan gizli anahtarı korumak için boş bırakın.',
      removeSecret: 'Saklanan istemci gizli anahtarını kaldırın',
      changed: 'Tek oturum açma sağlayıcısı kaydedildi.',
    },
  },
};
