import type { TranslationsOf } from '@stockwise/shared';
import type { ProductModelTexts } from './en';

export const tr: TranslationsOf<ProductModelTexts> = {
  productModels: {
    subtitle: 'Stokladığınız modeller: kabul, markalarını, fiyatlarını, maliyetlerini ve garantilerini doldurur.',
    add: 'Model ekleyin',
    edit: 'Modeli düzenleyin',
    editNamed: '{{name}} modelini düzenleyin',
    archive: '{{name}} modelini arşivleyin',
    name: 'Ad',
    itemType: 'Ürün türü',
    brand: 'Marka',
    noBrand: 'Marka yok',
    salePrice: 'Satış fiyatı',
    cost: 'Maliyet',
    warrantyMonths: 'Garanti (ay)',
    barcode: 'Barkod',
    inStock: 'Stokta',
    reorderPoint: 'Yeniden sipariş seviyesi',
    reorderHelp: 'Stok bunun altına düşünce (tüm konumlar): sipariş listesinde ve günlük e-postada.',
    perLocation: 'Tek bir konumun yeniden sipariş seviyeleri',
    location: 'Konum',
    addLocationPoint: 'Bir konumun yeniden sipariş seviyesini ekleyin',
    removeLocationPoint: '{{location}} konumundaki yeniden sipariş seviyesini kaldırın',
    pickLocation: 'Bir konum seçin.',
    wholeNumber: '1 veya daha büyük bir tam sayı girin.',
    emptyTitle: 'Henüz model yok',
    emptyBody: 'Stokladığınız modelleri ekleyin; kabul bunları sunar.',
    saved: 'Model kaydedildi.',
    archived: 'Model arşivlendi.',
    pickType: 'Bir ürün türü seçin.',
    notANumber: '0 veya daha büyük bir sayı girin.',
    // quantity stock: a model counted per location instead of one item per serial
    trackedByQuantity: 'Adetle takip',
    trackedByQuantityHelp:
      'Seri numarası olmayan ürünler için (kablo, kılıf): her konumda adet olarak alınır, satılır, taşınır ve sayılır. Yalnızca modelin ürünü yokken; birim takibine ancak elde hiç kalmadığında dönülür.',
    tracking: 'Takip',
    byQuantity: 'Adetle',
    byUnit: 'Birimle',
  },
};
