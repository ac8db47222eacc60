import type { TranslationsOf } from '@stockwise/shared';
import type { RoleTexts } from './en';

export const tr: TranslationsOf<RoleTexts> = {
  roleList: {
    subtitle:
      'Altı yerleşik rol ve sizinkiler. Bir rolün izinleri, sahiplerinin hangi ekranlara ve işlemlere ulaşacağını belirler.',
    add: 'Rol ekleyin',
    name: 'Ad',
    nameHint: 'Kullanıcılar ve davetler rolleri bu adla anar.',
    builtIn: 'yerleşik',
    users: 'Kullanıcılar',
    permissionsOf: '{{name}} izinleri',
    rename: '{{name}} yeniden adlandırın',
    renameTitle: '{{name}} yeniden adlandırın',
    saved: 'Rol kaydedildi.',
    deleted: 'Rol silindi.',
    deleteBody: 'Bir rol ancak kimse ona sahip değilken ve hiçbir bekleyen davet onu anmıyorken silinebilir.',
    emptyTitle: 'Henüz rol yok',
    permissionsTitle: '{{name}} izinleri',
    permissionsHint:
      'Her sahibinin bir sonraki isteğinden itibaren geçerlidir. Rolün hangi işlem türlerini çalıştırabileceği Roller ve İşlem Türü Erişimi’nde belirlenir.',
    permissionsSaved: 'İzinler kaydedildi.',
    ownerAll: 'Şirket Sahibi her izne sahiptir; hiçbirini kaybedemez.',
    groups: { items: 'Ürünler', customers: 'Müşteriler', company: 'Şirket' },
    permissions: {
      items_view: 'Ürünleri ve geçmişlerini görme',
      items_receive: 'Ürün kabul etme',
      items_edit: 'Ürünleri düzenleme',
      items_process: 'Ürünleri işleme ve taşıma',
      items_sell: 'Ürün satma',
      items_cost_view: 'Maliyeti ve kârı görme',
      reports_view: 'Raporları görme',
      dashboard_view: 'Gösterge panelini görme',
      customers_view: 'Müşterileri görme',
      customers_manage: 'Müşterileri yönetme',
      settings_manage: 'Şirket ayarlarını yönetme',
      users_manage: 'Kullanıcıları, rolleri ve davetleri yönetme',
      sales_void: 'Bugünün satışını iptal etme',
      warranty_manage: 'Garanti taleplerini açma ve ilerletme',
      stock_count: 'Stok sayımı yapma ve farkı uygulama',
      stock_reorder: 'Yeniden sipariş seviyesinin altındakileri görme ve günlük sipariş e-postasını alma',
      purchasing_manage: 'Satın alma siparişlerini yazma, gönderme, iptal etme ve görme',
      items_lend: 'Ürünleri kişilere ödünç verme ve geri alma, gecikmiş ödünçleri uyarı olarak alma',
      billing_manage: 'Faturalandırmayı yönetme',
    },
  },
};
