import { Type, type Static } from '@sinclair/typebox';
import { ExportQuery } from '../../lib/list-export.js';
import { KeysetPage, KeysetQuery, Nullable, OneLine, OneOf, Timestamp, Uuid } from '../../lib/schemas.js';

// Product models (the catalogue of what a company stocks) and their reorder points.

const Money = Type.Number({ minimum: 0, maximum: 99_999_999 });

export const ReorderPoint = Type.Object(
  {
    locationId: Nullable(Type.String({ description: 'null: across every location.' })),
    locationName: Nullable(Type.String()),
    minQuantity: Type.Integer({ minimum: 1, description: 'Fewer in stock than this: the model is to reorder.' }),
  },
  { title: 'ReorderPoint' },
);

export const ProductModelSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    itemTypeId: Type.String(),
    itemTypeName: Type.String(),
    brandId: Nullable(Type.String()),
    brandName: Nullable(Type.String()),
    salePrice: Nullable(Type.Number({ description: 'The default sale price reception fills in.' })),
    cost: Type.Optional(
      Nullable(Type.Number({ description: 'The default cost. Absent for a caller without items.cost.view.' })),
    ),
    warrantyMonths: Type.Integer(),
    barcode: Nullable(Type.String({ description: 'Unique in the company.' })),
    imagePath: Nullable(Type.String({ description: 'A path in the ItemImages bucket, under the company’s folder.' })),
    archived: Type.Boolean({ description: 'Archived: kept for its items and history, offered nowhere.' }),
    inStock: Type.Integer({
      minimum: 0,
      description:
        'In stock everywhere: the model’s items in status in_stock, or — tracked by quantity — the quantity on hand.',
    }),
    trackedByQuantity: Type.Boolean({
      description: 'Stocked as a quantity per location (cables, cases) instead of one item per serial.',
    }),
    reorderPoints: Type.Array(ReorderPoint),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { title: 'ProductModel' },
);
export type ProductModel = Static<typeof ProductModelSchema>;

const ReorderPointInput = Type.Object(
  {
    locationId: Type.Optional(Nullable({ ...Uuid, description: 'null or absent: across every location.' })),
    minQuantity: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
  },
  { additionalProperties: false },
);
const modelFields = {
  name: OneLine({ minLength: 1, maxLength: 120 }),
  itemTypeId: Uuid,
  brandId: Nullable(Uuid),
  salePrice: Nullable(Money),
  cost: Nullable(Money),
  warrantyMonths: Type.Integer({ minimum: 0, maximum: 600 }),
  barcode: Nullable(OneLine({ minLength: 1, maxLength: 100 })),
  imagePath: Nullable(Type.String({ minLength: 1, maxLength: 1024, pattern: '^[^\\u0000-\\u001F]+$' })),
  trackedByQuantity: Type.Boolean({
    description:
      'Track the model by quantity per location instead of by unit: only while it has no items (409 otherwise); back to by unit only while nothing is on hand.',
  }),
  reorderPoints: Type.Array(ReorderPointInput, {
    maxItems: 200,
    description: 'The whole set (replaces what was there): at most one per location and one for every location.',
  }),
};
export const CreateProductModelBody = Type.Object(
  {
    name: modelFields.name,
    itemTypeId: modelFields.itemTypeId,
    brandId: Type.Optional(modelFields.brandId),
    salePrice: Type.Optional(modelFields.salePrice),
    cost: Type.Optional(modelFields.cost),
    warrantyMonths: Type.Optional(modelFields.warrantyMonths),
    barcode: Type.Optional(modelFields.barcode),
    imagePath: Type.Optional(modelFields.imagePath),
    trackedByQuantity: Type.Optional(modelFields.trackedByQuantity),
    reorderPoints: Type.Optional(modelFields.reorderPoints),
  },
  { additionalProperties: false, title: 'CreateProductModelRequest' },
);
export const UpdateProductModelBody = Type.Object(
  {
    name: Type.Optional(modelFields.name),
    itemTypeId: Type.Optional(modelFields.itemTypeId),
    brandId: Type.Optional(modelFields.brandId),
    salePrice: Type.Optional(modelFields.salePrice),
    cost: Type.Optional(modelFields.cost),
    warrantyMonths: Type.Optional(modelFields.warrantyMonths),
    barcode: Type.Optional(modelFields.barcode),
    imagePath: Type.Optional(modelFields.imagePath),
    trackedByQuantity: Type.Optional(modelFields.trackedByQuantity),
    reorderPoints: Type.Optional(modelFields.reorderPoints),
    archived: Type.Optional(Type.Boolean({ description: 'true archives the model; false brings it back.' })),
  },
  { additionalProperties: false, title: 'UpdateProductModelRequest' },
);
export type ModelInput = Partial<Static<typeof UpdateProductModelBody>>;

export const MODEL_SORTS = ['name_asc'] as const;
export const ProductModelListQuery = KeysetQuery(
  MODEL_SORTS,
  {
    search: Type.Optional(OneLine({ maxLength: 100, description: 'Any part of the name or the barcode.' })),
    itemTypeId: Type.Optional(Uuid),
    brandId: Type.Optional(Uuid),
    archived: Type.Optional(
      OneOf(['true', 'false'], {
        description: 'true: the archived ones only (default: the others).',
      }),
    ),
  },
  ExportQuery,
);
export type ProductModelListQuery = Static<typeof ProductModelListQuery>;
export const ProductModelPage = KeysetPage(ProductModelSchema, 'ProductModelPage');

// ── to reorder ──
export const ToReorderRow = Type.Object(
  {
    modelId: Type.String(),
    modelName: Type.String(),
    itemTypeName: Type.String(),
    brandName: Nullable(Type.String()),
    barcode: Nullable(Type.String()),
    locationId: Nullable(Type.String({ description: 'The reorder point’s location; null: every location.' })),
    locationName: Nullable(Type.String()),
    minQuantity: Type.Integer(),
    inStock: Type.Integer({ minimum: 0 }),
    shortfall: Type.Integer({ minimum: 1, description: 'minQuantity − inStock.' }),
  },
  { title: 'ToReorderRow' },
);
export type ToReorderRow = Static<typeof ToReorderRow>;
export const ToReorderQuery = KeysetQuery(['name_asc'] as const, { locationId: Type.Optional(Uuid) }, ExportQuery);
export const ToReorderPage = KeysetPage(ToReorderRow, 'ToReorderPage');
