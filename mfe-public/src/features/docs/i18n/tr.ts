import type { TranslationsOf } from '@stockwise/shared';
import type { DocsTexts } from './en';

export const tr: TranslationsOf<DocsTexts> = {
  docs: {
    title: 'Belgeler',
    subtitle: 'Stockwise’ı nasıl kuracağınız ve her gün nasıl kullanacağınız.',
    contents: 'Bu sayfada',
    sections: [
      {
        id: 'getting-started',
        title: 'Başlarken',
        paragraphs: [
          'Şirketinizi Başlayın sayfasından kaydedin: şirket adını, sektörünü ve telefonunu, ardından kendi hesap bilgilerinizi girin. Adresinizi doğrulamanız için bir bağlantı gönderiyoruz; bağlantıyı açın, ardından şirketin Şirket Sahibi olarak giriş yapın. Google hesabınızla da kayıt olabilirsiniz; bunun için bağlantı gerekmez.',
          'Şirketiniz Ücretsiz planla başlar. Sahip, üst çubuktaki Premium’a Geç düğmesiyle istediği zaman Premium’a geçebilir; aylık ve yıllık faturalama vardır ve 30 günlük para iade garantisi sunulur.',
          'Ekibinizi Ayarlar → Kullanıcı/Rol Yönetimi → Kullanıcı Davetleri’nden davet edin. Her davet bir e-posta ve bir veya daha fazla rol içerir ve 7 gün geçerlidir. Kişi e-postadaki bağlantıyı açar, kullanıcı adı ve parola seçer (veya Google’ı kullanır) ve şirketinize katılır.',
          'Parolanızı mı unuttunuz? Giriş sayfasındaki “Parolanızı mı unuttunuz?” bağlantısını kullanın. Bir saat geçerli ve tek kullanımlık bir bağlantı gönderiyoruz.',
        ],
      },
      {
        id: 'roles',
        title: 'Roller ve her birinin yapabilecekleri',
        paragraphs: [
          'Bir kullanıcının birden çok rolü olabilir; menü bu rollerin kullanabildiklerinin birleşimini gösterir. Menü görünürlüğü yalnızca kişileri işlerine yönlendirir — sunucu her işlemi ayrıca denetler.',
        ],
        roles: [
          {
            name: 'Şirket Sahibi (Company Owner)',
            body: 'Her şey: sahip paneli, tüm işlemler, raporlama, müşteri ve tedarikçiler, şirket ayarları ve abonelik (Premium’a Geç).',
          },
          {
            name: 'Yönetici (Admin)',
            body: 'Tüm işlemler, raporlama, müşteri ve tedarikçiler ve tüm ayarlar — şirket, süreç yapılandırması ile kullanıcılar, roller ve davetler. Yöneticiler sahip panelini görmez.',
          },
          {
            name: 'Depo Sorumlusu (Storekeeper)',
            body: 'Görevlerim ve tüm raporlar: ürün listesi, envanter, garantiler, ürün düzenleme ve ürün geçmişi.',
          },
          { name: 'Yeni Ürün Operatörü (New Item Operator)', body: 'Yeni stok kabulü için Görevlerim ve Ürün Ekle.' },
          { name: 'Hızlı Satıcı (Rapid Seller)', body: 'Tezgâhta satış için Görevlerim, Hızlı Satış ve Çoklu Satış.' },
          {
            name: 'Hesap Yöneticisi (Account Manager)',
            body: 'Görevlerim ve Cari Yönetimi: tedarikçiler, müşteriler ve geçmişleri.',
          },
        ],
      },
      {
        id: 'workspace',
        title: 'Çalışma alanı, bölüm bölüm',
        areas: [
          {
            name: 'Görünümüm',
            body: 'Gösterge Paneli (sahipler) konuma ve duruma göre stoğu, zaman içindeki satışları, işlemdeki ürünleri, süresi dolan garantileri ve plan kullanımını gösterir. Görevlerim size atanan işleri ve rollerinizin ilgilendiği kuyrukları listeler.',
          },
          {
            name: 'İşlemler',
            body: 'Ürün Ekle, bir ürün partisini seri numaraları, türü, markası, tedarikçisi, konumu, maliyeti ve garantisiyle kabul eder. Ürün Ara, taranan ürünlerde bir süreç (test, tamir, kalite kontrol) çalıştırır. Hızlı Satış taranan bir ürünü saniyeler içinde satar; Çoklu Satış bir sepet ürünü tek müşteriye tek fişle satar.',
          },
          {
            name: 'Ürün durumu',
            body: 'Ürün Yöneticisi (üst çubuk) toplu işlemli, süzülebilir bir ürün tablosudur. Ürün Geçmişi bir ürünün tüm zaman çizelgesini gösterir: kim, ne zaman, nereden nereye.',
          },
          {
            name: 'Raporlama',
            body: 'Ürün Listesi, Ürün Envanteri (tür, marka, model ve konuma göre stok), Garanti Listesi (yakında biten veya biten garantiler) ve bir ürünün bilgilerini düzeltmek için Ürün Düzenle — her değişiklik geçmişinde saklanır.',
          },
          {
            name: 'Cari Yönetimi',
            body: 'Tedarikçiler ve müşteriler tek listede; her müşterinin alımları, iadeleri ve garantileri.',
          },
          {
            name: 'Ayarlar',
            body: 'Şirket bilgileri ve logo, markalar, yazdırılabilir önizlemeli etiket ayarları, konumlar; özel alanlı ürün türleri ve işlem türleri; kullanıcılar, roller, rollerin işlem türü erişimi ve davetler.',
          },
          { name: 'Destek ve Yardım', body: 'Menüden istediğiniz zaman bize mesaj gönderin; e-postayla yanıtlarız.' },
        ],
      },
      {
        id: 'account',
        title: 'Hesabınız',
        paragraphs: [
          'Hesap menüsünü (sağ üstteki resminiz) açın ve adınızı, kullanıcı adınızı, e-postanızı veya profil resminizi değiştirmek için Profili Düzenle’yi seçin. Yeni e-posta adresi, ona gönderdiğimiz bağlantıyı açtığınızda geçerli olur. Orada Google hesabınızı da bağlayabilir, bundan sonra Google ile giriş yapabilirsiniz. Çıkış Yap bu tarayıcıdaki oturumunuzu kapatır.',
          'Güneş/ay düğmesi açık ve koyu mod arasında geçiş yapar; seçiminiz bu cihazda hatırlanır. Dil düğmesi İngilizce ile Türkçe arasında geçiş yapar.',
        ],
      },
    ],
  },
};
