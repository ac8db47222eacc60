import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { KeysetQuery, OneLine, Timestamp, Uuid } from '../../lib/schemas.js';
import { Serial } from '../items/index.js';

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
export const MAX_LINES = 500;

export const SaleLineSchema = Type.Object(
  {
    line: Type.Integer(),
    itemId: Type.String(),
    serial: Type.String(),
    price: Type.Number(),
    warrantyEndsAt: Nullable(Timestamp),
    returnedAt: Nullable(
      Type.String({ format: 'date-time', description: 'When the line was returned (a line is returned once).' }),
    ),
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
    total: Type.Number(),
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
    price: Type.Number({ minimum: 0, maximum: 99_999_999 }),
  },
  { additionalProperties: false, description: 'The item by itemId or by serial (one of them).' },
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
