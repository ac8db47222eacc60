import type { TranslationsOf } from '@stockwise/shared';
import type { LegalTexts } from './en';

export const tr: TranslationsOf<LegalTexts> = {
  privacy: {
    title: 'Gizlilik Politikası',
    updated: 'Son güncelleme: {{date}}',
    sections: [
      {
        title: 'Biz kimiz',
        body: 'Stockwise işletmelere envanter takip hizmeti sunar. Şirketinizin Stockwise’ta tuttuğu veriler için veri sorumlusu şirketinizdir; Stockwise bu verileri şirketiniz adına işler.',
      },
      {
        title: 'Topladığımız veriler',
        body: 'Hesap verileri (ad, kullanıcı adı, e-posta, profil resmi, roller), şirket verileri (ad, sektör, telefon, logo), ekibinizin girdiği envanter verileri (ürünler, konumlar, müşteriler, satışlar ve geçmişleri) ve iletişim formuyla gönderdiğiniz mesajlar.',
      },
      {
        title: 'Verileri nasıl kullanırız',
        body: 'Hizmeti sunmak için: giriş yapmanızı sağlamak, şirketinizin çalışma alanını göstermek, parola sıfırlama ve davet e-postaları göndermek, abonelik ödemelerini kart ödeme sağlayıcımız üzerinden almak ve mesajlarınızı yanıtlamak. Kişisel verileri satmayız.',
      },
      {
        title: 'Şirketler arası ayrım',
        body: 'Her şirketin verisi veritabanı düzeyinde diğer şirketlerden ayrı tutulur. Kullanıcılar yalnızca kendi şirketlerinin verilerini görür.',
      },
      {
        title: 'Saklama ve güvenlik',
        body: 'Parolalar yalnızca tuzlanmış özetler olarak saklanır. Ürün fotoğrafları ve şirket logoları gibi görseller bulut depolamada tutulur. Bağlantılar aktarım sırasında şifrelenir.',
      },
      {
        title: 'Saklama süresi ve haklarınız',
        body: 'Hesap ve şirket verilerini şirket Stockwise’ı kullandığı sürece saklarız. Profilinizi istediğiniz zaman görebilir ve düzeltebilirsiniz; verilerinizi dışa aktarmak veya silmek için iletişim sayfasından bize yazın.',
      },
      {
        title: 'Çerezler ve yerel depolama',
        body: 'Stockwise giriş anahtarınızı, önbelleğe alınmış profilinizi, aboneliğinizi, renk modunuzu ve dilinizi tarayıcınızın yerel deposunda saklar. Reklam çerezi kullanmayız.',
      },
      { title: 'İletişim', body: 'Bu politika hakkındaki sorularınız için iletişim sayfasını kullanın, yanıtlayalım.' },
    ],
  },
};
