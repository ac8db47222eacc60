import { Type, type Static } from '@sinclair/typebox';
import { KeysetQuery, Nullable, OneLine, OneOf, Timestamp, Uuid } from '../../lib/schemas.js';
import { Serial } from '../items/index.js';

export const MAX_LINES = 500;

export const SaleLineSchema = Type.Object(
  {
    line: Type.Integer(),
    itemId: Nullable(Type.String({ description: 'The item sold; null on a line of a model × quantity.' })),
    serial: Nullable(Type.String()),
    modelId: Nullable(
      Type.String({ description: 'A line of a model tracked by quantity: the model (the item’s line: null).' }),
    ),
    quantity: Type.Integer({ minimum: 1, description: 'How many: 1 on an item’s line.' }),
    itemTypeName: Type.String(),
    brandName: Nullable(Type.String()),
    model: Nullable(Type.String()),
    price: Type.Number({ description: 'The price asked for the line (one unit’s × quantity), before the discount.' }),
    discount: Type.Number({ description: 'Taken off the price (an amount, at most the price).' }),
    net: Type.Number({ description: 'price − discount, less the tax it holds when prices include tax.' }),
    tax: Type.Number({
      description:
        'The sale’s tax rate on the net (or the part of price − discount it makes up when prices include tax), rounded to the currency’s decimals.',
    }),
    total: Type.Number({ description: 'net + tax.' }),
    warrantyEndsAt: Nullable(Timestamp),
    returnedAt: Nullable(
      Type.String({
        format: 'date-time',
        description:
          'When the line was returned: an item’s line once; a model × quantity line’s latest return of units (returnedQuantity says how many are back).',
      }),
    ),
    returnedQuantity: Type.Integer({
      minimum: 0,
      description:
        'How many of the line’s units are back: an item’s line 0 or 1; a quantity line up to its quantity, returned in parts.',
    }),
  },
  { title: 'SaleLine' },
);
export const SaleSchema = Type.Object(
  {
    id: Type.String(),
    number: Type.Integer({ description: 'Per company: 1, 2, 3…' }),
    customerId: Nullable(Type.String()),
    customerName: Nullable(Type.String()),
    sellerId: Type.String(),
    sellerName: Type.String(),
    net: Type.Number({ description: 'The lines’ nets summed (after discounts, before tax).' }),
    tax: Type.Number({ description: 'The lines’ taxes summed.' }),
    total: Type.Number({ description: 'What the customer pays: net + tax.' }),
    currency: Type.String({ description: 'ISO 4217: the company’s currency when the sale was made.' }),
    taxRate: Type.Number({ description: 'Percent: the company’s tax rate when the sale was made.' }),
    pricesIncludeTax: Type.Boolean({
      description: 'Whether the lines’ prices included the tax (the company’s setting when the sale was made).',
    }),
    note: Nullable(Type.String()),
    createdAt: Timestamp,
    voidedAt: Nullable(Type.String({ format: 'date-time', description: 'Set when the sale was voided.' })),
    voidReason: Nullable(Type.String()),
    lines: Type.Array(SaleLineSchema),
  },
  { title: 'Sale' },
);
export type Sale = Static<typeof SaleSchema>;
export const SaleSummarySchema = Type.Omit(SaleSchema, ['lines'], { title: 'SaleSummary' });
export type SaleSummary = Static<typeof SaleSummarySchema>;

export const SaleLineBody = Type.Object(
  {
    itemId: Type.Optional(Uuid),
    serial: Type.Optional(Serial),
    modelId: Type.Optional({ ...Uuid, description: 'A model tracked by quantity, sold as model × quantity.' }),
    quantity: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 100_000, description: 'How many of the model (default 1).' }),
    ),
    locationId: Type.Optional({
      ...Uuid,
      description: 'Where the model’s quantity is taken from (default: where it has the most on hand).',
    }),
    price: Type.Number({
      minimum: 0,
      maximum: 99_999_999,
      description: 'The price of the item, or of one unit of the model (the line’s price is it × quantity).',
    }),
    discount: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: 99_999_999,
        description: 'An amount taken off this line (at most its price).',
      }),
    ),
  },
  {
    additionalProperties: false,
    description:
      'An item by itemId or by serial (every item line the same way), or a model tracked by quantity by modelId with a quantity.',
  },
);
export const CreateSaleBody = Type.Object(
  {
    lines: Type.Array(SaleLineBody, { minItems: 1, maxItems: MAX_LINES }),
    customerId: Type.Optional(Nullable(Uuid)),
    note: Type.Optional(Type.String({ maxLength: 1000 })),
  },
  { additionalProperties: false, title: 'CreateSaleRequest' },
);
export type CreateSaleBody = Static<typeof CreateSaleBody>;

export const SaleListQuery = KeysetQuery(['newest', 'oldest'] as const, {
  customerId: Type.Optional(Uuid),
  from: Type.Optional(Type.String({ format: 'date-time' })),
  to: Type.Optional(Type.String({ format: 'date-time' })),
});
export type SaleListQuery = Static<typeof SaleListQuery>;

export const VoidSaleBody = Type.Object(
  { reason: OneLine({ minLength: 1, maxLength: 200, description: 'Why the sale is cancelled.' }) },
  { additionalProperties: false, title: 'VoidSaleRequest' },
);
export type VoidSaleBody = Static<typeof VoidSaleBody>;

export const ReceiptQuery = Type.Object(
  {
    lang: Type.Optional(OneOf(['en', 'tr'], { default: 'en', description: 'The receipt’s language.' })),
    tz: Type.Optional(
      Type.String({ maxLength: 64, description: 'IANA time zone the sale’s time is printed in (default UTC).' }),
    ),
  },
  { additionalProperties: false },
);
export type ReceiptQuery = Static<typeof ReceiptQuery>;
