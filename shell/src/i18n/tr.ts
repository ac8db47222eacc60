import type { TranslationsOf } from '@stockwise/shared';
import type { en } from './en';

// Every English key, no other: a missing or stray Turkish key fails the type check.
export const tr: TranslationsOf<typeof en> = {
  brand: { name: 'Stockwise', tagline: 'Envanter Yönetimini Kolaylaştırır' },
  topBar: {
    toggleMenu: 'Menüyü aç/kapat',
    itemManager: 'Ürün Yöneticisi',
    darkMode: 'Koyu temaya geç',
    lightMode: 'Açık temaya geç',
    userFallback: 'Kullanıcı',
    goPremium: "Premium'a Geç",
    pro: 'Pro',
    premiumUser: 'Premium Kullanıcı',
    account: 'Hesap menüsü',
    editProfile: 'Profili Düzenle',
    logout: 'Çıkış Yap',
    language: 'Dil',
    home: 'Başlangıç sayfasına git',
  },
  sidebar: { companyLogo: '{{company}} logosu', mainMenu: 'Ana menü' },
  menu: {
    myView: 'Görünümüm',
    actions: 'İşlemler',
    reporting: 'Raporlama',
    accountManagement: 'Cari Yönetimi',
    settings: 'Ayarlar',
    company: 'Şirket',
    processConfig: 'Süreç Yapılandırması',
    userRoleManagement: 'Kullanıcı/Rol Yönetimi',
    support: 'Destek ve Yardım',
    itemsError: 'Menü Öğeleri Hatası',
  },
  notFound: {
    code: 'Hata 404',
    title: 'Bu sayfa mevcut değil',
    body: 'Adres yanlış yazılmış ya da sayfa taşınmış olabilir.',
    action: 'Başlangıç sayfasına git',
  },
  devBanner: {
    label: 'Geliştirme modu',
    withStandIns_one:
      'Geliştirme modu — {{list}} gerçek değil, yerine bir test hizmeti kullanılıyor. Gerçek kullanıcılar için değil.',
    withStandIns_other:
      'Geliştirme modu — {{list}} gerçek değil, yerine test hizmetleri kullanılıyor. Gerçek kullanıcılar için değil.',
    withoutStandIns: 'Geliştirme modu — gerçek kullanıcılar için değil.',
    outbox: 'Gönderilen e-postaları oku',
    standIn: { signIn: 'oturum açma', payments: 'ödemeler', mail: 'e-posta', demoData: 'örnek veriler' },
  },
  notifications: { dismiss: 'Kapat' },
  remotes: {
    labels: {
      mfe_public: 'Bu sayfa',
      mfe_workspace: 'Çalışma alanı',
      mfe_settings: 'Ayarlar',
      mfe_billing: 'Faturalandırma',
    },
    failed: '{{label}} yüklenemedi',
    retry: 'Yeniden dene',
    timedOut: 'Yüklenmesi çok uzun sürüyor. Bağlantınızı kontrol edip tekrar deneyin.',
    unreachable:
      'Stockwise’ın bir bölümüne şu anda ulaşılamıyor. Geri kalanı çalışmaya devam ediyor; birazdan tekrar deneyin.',
    loading: 'Yükleniyor',
  },
  secondFactor: {
    title: 'İki adımlı doğrulama',
    appHint: 'Kimlik doğrulama uygulamanızdaki 6 haneli kodu girin.',
    recoveryHint:
      'İki adımlı doğrulamayı kurarken kaydettiğiniz kurtarma kodlarından birini girin. Her kod bir kez kullanılabilir.',
    code: 'Kod',
    recoveryCode: 'Kurtarma kodu',
    codeFormat: 'Kimlik doğrulama uygulamanızdaki 6 haneyi girin.',
    recoveryFormat: 'Kurtarma kodu abcde-23456 gibi 10 harf ve rakamdan oluşur.',
    verify: 'Doğrula',
    verifying: 'Doğrulanıyor…',
    useRecovery: 'Kurtarma kodu kullan',
    useApp: 'Kimlik doğrulama uygulamasını kullan',
    signOut: 'Çıkış yap',
    wrongCode: 'Bu kod doğru değil. Güncel kodu deneyin.',
    wrongRecoveryCode: 'Bu kurtarma kodu doğru değil ya da daha önce kullanılmış.',
    noFactor: 'Bu hesapta kodu doğrulayacak bir kimlik doğrulama uygulaması yok. Çıkış yapıp yeniden giriş yapın.',
    failed: 'Kod doğrulanamadı. Birazdan tekrar deneyin.',
    enrolRequired:
      'Şirketiniz Sahipler ve Yöneticiler için iki adımlı doğrulama zorunlu kılıyor. Devam etmek için bir kimlik doğrulama uygulaması kurun.',
    setUp: 'İki adımlı doğrulamayı kur',
  },
  // The second sign-in step with a phone factor: a code sent by text message.
  secondFactorPhone: {
    hint: 'Sonu {{last}} ile biten telefona kısa mesajla 6 haneli bir kod gönderdik.',
    sending: 'Telefonunuza kod gönderiliyor…',
    code: 'Kısa mesajdaki kod',
    codeFormat: 'Kısa mesajdaki 6 rakamı girin.',
    resend: 'Yeni kod gönder',
    resent: 'Yeni bir kod yolda. Yalnızca en yenisi geçerlidir.',
    wrongCode: 'Bu kod doğru değil veya süresi dolmuş. Eskiyse yeni bir kod isteyin.',
    tooSoon: 'Yeni bir kod istemeden önce {{seconds}} saniye bekleyin.',
    sendFailed: 'Kod gönderilemedi. Biraz sonra tekrar deneyin.',
    notSent: 'Henüz kod gönderilmedi. Önce bir kod isteyin.',
    usePhone: 'Telefonunuza gönderilen kodu kullanın',
  },
};
