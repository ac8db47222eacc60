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
    emptyTitle: 'Henüz model yok',
    emptyBody: 'Stokladığınız modelleri ekleyin; kabul bunları sunar.',
    saved: 'Model kaydedildi.',
    archived: 'Model arşivlendi.',
    pickType: 'Bir ürün türü seçin.',
    notANumber: '0 veya daha büyük bir sayı girin.',
  },
};
