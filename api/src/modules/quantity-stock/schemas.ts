import { Type, type Static } from '@sinclair/typebox';
import { KeysetPage, KeysetQuery, Nullable, OneLine, OneOf, Timestamp, Uuid } from '../../lib/schemas.js';

// Quantity stock: a product model tracked by quantity per location, and its ledger.

/** How many of a model a movement takes or brings (a shop's shelf, not a warehouse's silo). */
export const MAX_QUANTITY = 100_000;
const Quantity = Type.Integer({ minimum: 1, maximum: MAX_QUANTITY });
const Reason = OneLine({ minLength: 1, maxLength: 200 });

export const QUANTITY_MOVE_KINDS = ['receive', 'sell', 'move', 'count', 'return', 'void'] as const;

export const QuantityStockSchema = Type.Object(
  {
    modelId: Type.String(),
    modelName: Type.String(),
    barcode: Nullable(Type.String()),
    onHand: Type.Integer({ minimum: 0, description: 'The quantity on hand at every location together.' }),
    locations: Type.Array(
      Type.Object({
        locationId: Type.String(),
        locationName: Type.String(),
        onHand: Type.Integer({ minimum: 0 }),
      }),
      { description: 'Each location that has held the model, in name order.' },
    ),
  },
  { title: 'QuantityStock' },
);
export type QuantityStock = Static<typeof QuantityStockSchema>;

export const QuantityMoveSchema = Type.Object(
  {
    id: Type.String(),
    kind: OneOf(QUANTITY_MOVE_KINDS, {
      description: 'What changed the quantity: a reception, a sale, a move, a count, a return or a void.',
    }),
    locationId: Type.String(),
    locationName: Type.String(),
    delta: Type.Integer({
      description: 'Added (positive) or taken (negative) at the location; 0: a count that agreed.',
    }),
    onHandAfter: Type.Integer({ minimum: 0, description: 'The location’s quantity once this was applied.' }),
    cost: Type.Optional(
      Nullable(Type.Number({ description: 'A reception’s cost of one unit. Absent without items.cost.view.' })),
    ),
    refund: Nullable(Type.Number({ description: 'A return’s amount paid back.' })),
    reason: Nullable(Type.String()),
    saleId: Nullable(Type.String({ description: 'The sale a sale, return or void belongs to.' })),
    saleNumber: Nullable(Type.Integer()),
    transferId: Nullable(
      Type.String({ description: 'A move’s two rows (out of one location, into the other) share it.' }),
    ),
    purchaseOrderId: Nullable(Type.String({ description: 'The purchase order a reception was received against.' })),
    purchaseOrderReference: Nullable(Type.String({ description: 'Its number as people read it: PO-0001.' })),
    userId: Type.String(),
    userName: Type.String(),
    createdAt: Timestamp,
  },
  { title: 'QuantityMove' },
);
export type QuantityMove = Static<typeof QuantityMoveSchema>;
export const QuantityMovePage = KeysetPage(QuantityMoveSchema, 'QuantityMovePage');

export const QuantityMoveListQuery = KeysetQuery(['newest'] as const, {
  locationId: Type.Optional(Uuid),
});
export type QuantityMoveListQuery = Static<typeof QuantityMoveListQuery>;

export const ReceiveQuantityBody = Type.Object(
  {
    locationId: Uuid,
    quantity: Quantity,
    cost: Type.Optional(
      Nullable(
        Type.Number({ minimum: 0, maximum: 99_999_999, description: 'One unit’s cost (needs items.cost.view).' }),
      ),
    ),
    reason: Type.Optional(Reason),
  },
  { additionalProperties: false, title: 'ReceiveQuantityRequest' },
);
export type ReceiveQuantityBody = Static<typeof ReceiveQuantityBody>;

export const MoveQuantityBody = Type.Object(
  { fromLocationId: Uuid, toLocationId: Uuid, quantity: Quantity, reason: Type.Optional(Reason) },
  { additionalProperties: false, title: 'MoveQuantityRequest' },
);
export type MoveQuantityBody = Static<typeof MoveQuantityBody>;

export const CountQuantityBody = Type.Object(
  {
    locationId: Uuid,
    counted: Type.Integer({ minimum: 0, maximum: 10_000_000, description: 'How many are there, counted.' }),
    reason: Reason,
  },
  { additionalProperties: false, title: 'CountQuantityRequest' },
);
export type CountQuantityBody = Static<typeof CountQuantityBody>;

export const ReturnQuantityLineBody = Type.Object(
  {
    line: Type.Integer({ minimum: 1, description: 'The sale’s line of a model × quantity (1, 2, 3…).' }),
    quantity: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 100_000,
        description: 'How many of the line’s units come back; all that are still out by default.',
      }),
    ),
    reason: Reason,
    refund: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: 99_999_999,
        description:
          'Paid back; at most the returned units’ share of the line’s total (the default), cut so that a line returned in parts adds up to its total.',
      }),
    ),
  },
  { additionalProperties: false, title: 'ReturnQuantityLineRequest' },
);
export type ReturnQuantityLineBody = Static<typeof ReturnQuantityLineBody>;
