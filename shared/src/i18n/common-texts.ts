import type { TranslationKey, TranslationsOf } from './types';

// What every screen says, once (namespace 'common'): actions, table states, validation.
// A screen's own texts live in its feature's translations; these are reached as 'common:…'.
export const en = {
  actions: {
    save: 'Save',
    saving: 'Saving…',
    cancel: 'Cancel',
    delete: 'Delete',
    confirm: 'Confirm',
    create: 'Create',
    edit: 'Edit',
    close: 'Close',
    retry: 'Retry',
    exportCsv: 'Export CSV',
  },
  table: {
    loading: 'Loading…',
    empty: 'Nothing here yet.',
    noMatches: 'Nothing matches these filters.',
    error: 'This list could not be loaded.',
  },
  // A list's exports by the API (kit's ExportMenu): for people (CSV, Excel) or the raw rows.
  exports: {
    csv: 'CSV',
    xlsx: 'Excel (.xlsx)',
    raw: 'CSV for re-import',
    rawData: 'CSV of the raw data (ids, keys, UTC times)',
    running: 'Exporting…',
    failed: 'The export could not be made.',
  },
  labels: {
    barcodeOf: 'Barcode of {{value}}',
    cannotEncode: '“{{value}}” cannot be printed as this barcode.',
    sheet: 'Labels to print',
  },
  states: {
    none: 'None',
    loading: 'Loading…',
    loadError: 'This could not be loaded.',
    forbiddenTitle: 'You do not have access to this screen',
    forbiddenBody: 'Your role may not use this screen. Ask an Admin or the Company Owner if you need it.',
  },
  validation: {
    required: 'This field is required.',
    email: 'Enter a valid email address.',
    userName: 'Use 3–100 letters, digits or . _ + - (no @).',
    passwordLength: 'Use at least {{min}} characters.',
    tooLong: 'Use at most {{max}} characters.',
  },
  screens: {
    comingSoon: 'This screen is coming soon.',
    notFoundTitle: 'Page not found',
    notFoundBody: 'There is no page at this address.',
    notFoundAction: 'Go to the start page',
    refusedAction: 'Go to the start page',
  },
};

export const tr: TranslationsOf<typeof en> = {
  actions: {
    save: 'Kaydet',
    saving: 'Kaydediliyor…',
    cancel: 'Vazgeç',
    delete: 'Sil',
    confirm: 'Onayla',
    create: 'Oluştur',
    edit: 'Düzenle',
    close: 'Kapat',
    retry: 'Yeniden dene',
    exportCsv: 'CSV olarak dışa aktar',
  },
  table: {
    loading: 'Yükleniyor…',
    empty: 'Henüz bir şey yok.',
    noMatches: 'Bu filtrelere uyan bir şey yok.',
    error: 'Bu liste yüklenemedi.',
  },
  exports: {
    csv: 'CSV',
    xlsx: 'Excel (.xlsx)',
    raw: 'Yeniden içe aktarmak için CSV',
    rawData: 'Ham veri CSV’si (kimlikler, anahtarlar, UTC saatleri)',
    running: 'Dışa aktarılıyor…',
    failed: 'Dışa aktarma yapılamadı.',
  },
  labels: {
    barcodeOf: '{{value}} barkodu',
    cannotEncode: '“{{value}}” bu barkodla yazdırılamaz.',
    sheet: 'Yazdırılacak etiketler',
  },
  states: {
    none: 'Yok',
    loading: 'Yükleniyor…',
    loadError: 'Bu yüklenemedi.',
    forbiddenTitle: 'Bu ekrana erişiminiz yok',
    forbiddenBody: 'Rolünüz bu ekranı kullanamıyor. Gerekirse bir Yöneticiye veya Şirket Sahibine sorun.',
  },
  validation: {
    required: 'Bu alan zorunludur.',
    email: 'Geçerli bir e-posta adresi girin.',
    userName: '3–100 harf, rakam veya . _ + - kullanın (@ olmadan).',
    passwordLength: 'En az {{min}} karakter kullanın.',
    tooLong: 'En fazla {{max}} karakter kullanın.',
  },
  screens: {
    comingSoon: 'Bu ekran yakında geliyor.',
    notFoundTitle: 'Sayfa bulunamadı',
    notFoundBody: 'Bu adreste bir sayfa yok.',
    notFoundAction: 'Başlangıç sayfasına git',
    refusedAction: 'Başlangıç sayfasına git',
  },
};

export type CommonTexts = typeof en;
/** A key of the common namespace, as another namespace's `t` takes it: `'common:actions.save'`. */
export type CommonKey = `common:${TranslationKey<CommonTexts>}`;
