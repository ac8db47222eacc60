import type { WorkspaceKey } from '@/i18n';

/**
 * An item's master-data field as people read it: the API names fields by their keys (an edit
 * event's deltas, a conflict's changed fields); these are the words for them, in the user's language.
 */
const LABELS: Record<string, WorkspaceKey> = {
  serial: 'item.serial',
  sku: 'item.sku',
  brandId: 'item.brand',
  brandName: 'item.brand',
  model: 'item.model',
  cost: 'item.cost',
  salePrice: 'item.salePrice',
  vendorId: 'item.vendor',
  warrantyMonths: 'item.warranty',
  fields: 'item.fields',
  images: 'item.photos',
};

/** The translation key naming a field, or undefined for a key the workspace does not know (shown as it is). */
export const itemFieldLabelKey = (field: string): WorkspaceKey | undefined => LABELS[field];

/** A field's value for reading: money through the screen's formatter (useMoney), lists by their length, the rest as text. */
export function itemFieldValue(field: string, value: unknown, money: (value: number) => string, empty: string): string {
  if (value === null || value === undefined || value === '') return empty;
  if ((field === 'cost' || field === 'salePrice') && typeof value === 'number') return money(value);
  if (Array.isArray(value)) return String(value.length);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
