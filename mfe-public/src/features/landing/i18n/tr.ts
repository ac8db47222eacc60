import type { TranslationsOf } from '@stockwise/shared';
import type { LandingTexts } from './en';

export const tr: TranslationsOf<LandingTexts> = {
  hero: {
    eyebrow: 'Büyüyen işletmeler için envanter takibi',
    title: 'Her ürünün şu an nerede olduğunu bilin.',
    subtitle:
      'Stockwise her birimi kabulden satışa kadar izler — seri numaraları, konumlar, durumlar ve garantiler — böylece ekibiniz rafta gerçekten olanı satar ve raporlarınız kendiliğinden hazırlanır.',
    primary: 'Ücretsiz Başlayın',
    secondary: 'Nasıl çalıştığını görün',
    note: 'Ücretsiz plan, kart gerekmez. Büyüdükçe yükseltin.',
    previewTitle: 'Konuma göre stok',
    previewUpdated: 'Örnek',
    previewRows: ['Ana depo', 'Merkez mağaza', 'Servis masası'],
    previewStatus: ['Stokta', 'İşlemde', 'Bugün satılan'],
  },
  benefits: {
    title: 'Stok ekibinizin ihtiyaç duyduğu her şey',
    subtitle: 'Kabul, satış, transfer ve raporlama için tek çalışma alanı — şirketteki her rol için.',
    items: [
      {
        title: 'Gerçek Zamanlı Takip',
        body: 'Her kabul, satış ve transfer gerçekleştiği anda kaydedilir; her ekran stoğu olduğu gibi gösterir.',
      },
      {
        title: 'Rapor Otomasyonu',
        body: 'Ürün listeleri, stok seviyeleri ve garanti raporları her zaman günceldir ve dışa aktarılmaya hazırdır.',
      },
      {
        title: 'Tam Entegrasyon',
        body: 'Belgelenmiş bir API, kartla ödeme ve ürün görselleri için bulut depolama Stockwise’ı kullandığınız araçlara bağlar.',
      },
      {
        title: 'Gelişmiş Analitik',
        body: 'Konuma ve duruma göre stoğu, zaman içindeki satışları ve süresi dolan garantileri bir bakışta görün.',
      },
    ],
  },
  features: {
    title: 'Envanterin gerçekte hareket ettiği şekilde tasarlandı',
    subtitle: 'Depo zemininden şirket sahibinin paneline kadar.',
    items: [
      {
        title: 'Gerçek Zamanlı Veri Analitiği',
        body: 'Paneller ve raporlar, ekibinizin saniye saniye yazdığı ürün geçmişini okur. Sahipler konum başına stoğu, işlemdeki ürünleri ve satış eğilimlerini dışa aktarma beklemeden görür.',
      },
      {
        title: 'Güvenli ve Emniyetli',
        body: 'Her şirketin verisi, veritabanı düzeyine kadar diğer şirketlerden ayrılır. Parolalar modern yöntemlerle saklanır ve her rol yalnızca ihtiyaç duyduğu menüleri görür.',
      },
      {
        title: 'Çoklu Platform',
        body: 'Stockwise masaüstü, tablet ve telefonlardaki her modern tarayıcıda çalışır; tezgâh, depo ve ofis aynı sistemi kullanır.',
      },
    ],
  },
  about: {
    title: 'Stockwise Hakkında',
    body: 'Stockwise, ürünleri tek tek izleyen işletmeler için çok kiracılı bir envanter platformudur: elektronik bayileri, tamir servisleri, kiralama filoları ve seri numaralı ürün satan mağazalar. Her şirketin kendi çalışma alanı, her iş için rolleri ve her birimin tam geçmişi vardır.',
    stats: [
      { value: '6', label: 'hazır rol' },
      { value: '%100', label: 'kiracı verisi ayrımı' },
      { value: '30 gün', label: 'para iade garantisi' },
    ],
  },
  cta: {
    title: 'Envanterinizi bugün izlemeye başlayın',
    body: 'Şirketinizi bir dakikada oluşturun, ekibinizi davet edin ve ilk ürünlerinizi kabul edin.',
    primary: 'Ücretsiz Başlayın',
    secondary: 'Fiyatları görün',
  },
};
