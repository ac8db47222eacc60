import { Type, type Static } from '@sinclair/typebox';
import { KeysetQuery, Nullable, OneOf, Timestamp, Uuid } from '../../lib/schemas.js';
import { ExportQuery } from '../../lib/list-export.js';
import { StatusKey } from '../catalogue/index.js';
import {
  AWAITING_PROCESS,
  HELD_STATUSES,
  TRANSACTION_KINDS,
  WARRANTY_OUTCOMES,
  WARRANTY_STATES,
} from '../../vocabulary.js';
import { ItemEventSchema } from '../items/index.js';
import { UsageSchema } from '../billing/index.js';

const Count = Type.Integer({ minimum: 0 });
const Money = Type.Number();

export { AWAITING_PROCESS, HELD_STATUSES };

// ── tracking: movements in a date range ──
const Instant = Type.Union([Type.String({ format: 'date' }), Type.String({ format: 'date-time' })], {
  description: 'A date (midnight UTC) or a date-time.',
});
export const TrackingQuery = KeysetQuery(
  ['newest', 'oldest'] as const,
  {
    from: Type.Optional({ ...Instant, description: 'Start, inclusive. Default: 30 days before `to`.' }),
    to: Type.Optional({ ...Instant, description: 'End, exclusive. Default: now.' }),
    transactionTypeId: Type.Optional(Uuid),
    kind: Type.Optional(
      Type.Union(
        [...TRANSACTION_KINDS, 'edit' as const, 'warranty' as const, 'stocktake' as const].map((k) => Type.Literal(k)),
      ),
    ),
    userId: Type.Optional(Uuid),
    locationId: Type.Optional({ ...Uuid, description: 'Events that left from or arrived at this location.' }),
    itemTypeId: Type.Optional(Uuid),
  },
  ExportQuery,
);
export type TrackingQuery = Static<typeof TrackingQuery>;

export const TrackingRowSchema = Type.Object(
  {
    ...ItemEventSchema.properties,
    itemTypeId: Type.String(),
    itemTypeName: Type.String(),
    fromLocationName: Nullable(Type.String()),
    toLocationName: Nullable(Type.String()),
    customerName: Type.Optional(
      Nullable(Type.String({ description: 'Absent for a caller without the customers.view permission.' })),
    ),
  },
  { title: 'TrackingRow' },
);
export type TrackingRow = Static<typeof TrackingRowSchema>;

/**
 * How fresh a report is: these reads may come from a standby (db/replica.ts), never further behind
 * than DATABASE_READ_MAX_LAG_SECONDS (default 5 s); the screens show it as "as of 12:03:05".
 */
const AsOf = {
  asOf: {
    ...Timestamp,
    description:
      'The figures include every change made up to this moment (read from a standby at most DATABASE_READ_MAX_LAG_SECONDS behind, or from the primary).',
  },
};

// ── warehouse status: counts per location × status and per item type × status ──
export const WarehouseStatusSchema = Type.Object(
  {
    byLocation: Type.Array(
      Type.Object({ locationId: Type.String(), locationName: Type.String(), status: StatusKey, items: Count }),
    ),
    byItemType: Type.Array(
      Type.Object({ itemTypeId: Type.String(), itemTypeName: Type.String(), status: StatusKey, items: Count }),
    ),
    total: Count,
    ...AsOf,
  },
  { title: 'WarehouseStatus' },
);
export type WarehouseStatus = Static<typeof WarehouseStatusSchema>;
export const WarehouseStatusQuery = Type.Object({ ...ExportQuery }, { additionalProperties: false });

// ── inventory: stock and its value, grouped ──
export const GROUP_BY = ['itemType', 'brand', 'model', 'location'] as const;
export type GroupBy = (typeof GROUP_BY)[number];
export const InventoryQuery = Type.Object(
  {
    groupBy: Type.Optional(OneOf(GROUP_BY, { default: 'itemType' })),
    status: Type.Optional({
      ...StatusKey,
      description: `One held status only. Default: all of them (${HELD_STATUSES.join(', ')}).`,
    }),
    ...ExportQuery,
  },
  { additionalProperties: false },
);
export type InventoryQuery = Static<typeof InventoryQuery>;
export const InventoryRowSchema = Type.Object(
  {
    key: Nullable(Type.String({ description: 'The id of the group (the model text for model); null: none set.' })),
    name: Nullable(Type.String()),
    items: Count,
    costValue: Type.Optional({ ...Money, description: 'Absent for a caller without items.cost.view.' }),
    saleValue: Money,
  },
  { title: 'InventoryRow' },
);
export type InventoryRow = Static<typeof InventoryRowSchema>;
export const InventorySchema = Type.Object(
  {
    groupBy: OneOf(GROUP_BY),
    items: Type.Array(InventoryRowSchema),
    totals: Type.Object({
      items: Count,
      costValue: Type.Optional({ ...Money, description: 'Absent for a caller without items.cost.view.' }),
      saleValue: Money,
    }),
    ...AsOf,
  },
  { title: 'InventoryReport' },
);

// ── warranty: ending within N days, or ended ──
export const WarrantyQuery = KeysetQuery(
  ['ends_asc', 'ends_desc'] as const,
  {
    within: Type.Optional(Type.Integer({ minimum: 0, maximum: 3650, default: 30 })),
    ended: Type.Optional(
      OneOf(['1', '0'], {
        description: '1 (default): warranties that have ended are listed too; 0: only those still running.',
      }),
    ),
    customerId: Type.Optional(Uuid),
    claim: Type.Optional(
      OneOf([...WARRANTY_STATES, 'any'], {
        description:
          'Only items whose latest warranty claim is in this state (any: items with a claim); the within/ended window is then not applied — a claim is listed however far its warranty still runs.',
      }),
    ),
  },
  ExportQuery,
);
export type WarrantyQuery = Static<typeof WarrantyQuery>;
export const WarrantyRowSchema = Type.Object(
  {
    itemId: Type.String(),
    serial: Type.String(),
    itemTypeName: Type.String(),
    brandName: Nullable(Type.String()),
    model: Nullable(Type.String()),
    status: StatusKey,
    customerId: Nullable(Type.String()),
    customerName: Type.Optional(Nullable(Type.String({ description: 'Only with customers.view (absent otherwise).' }))),
    customerEmail: Type.Optional(Nullable(Type.String({ description: 'Only with customers.view.' }))),
    customerPhone: Type.Optional(Nullable(Type.String({ description: 'Only with customers.view.' }))),
    soldAt: Nullable(Timestamp),
    warrantyEndsAt: Timestamp,
    daysLeft: Type.Integer({ description: 'Whole days until it ends; negative once ended.' }),
    claimId: Nullable(Type.String({ description: 'The item’s latest warranty claim, if any.' })),
    claimState: Nullable(OneOf(WARRANTY_STATES)),
    claimOutcome: Nullable(OneOf(WARRANTY_OUTCOMES)),
  },
  { title: 'WarrantyRow' },
);
export type WarrantyRow = Static<typeof WarrantyRowSchema>;

// ── one customer's history ──
export const CustomerHistoryQuery = KeysetQuery(['newest'] as const, {}, ExportQuery);
export const PurchaseSchema = Type.Object(
  {
    saleId: Type.String(),
    saleNumber: Nullable(Type.Integer()),
    soldAt: Timestamp,
    itemId: Type.String(),
    serial: Type.String(),
    itemTypeName: Type.String(),
    model: Nullable(Type.String()),
    price: Money,
    status: StatusKey,
    warrantyEndsAt: Nullable(Timestamp),
    warranty: OneOf(['active', 'ended', 'none']),
  },
  { title: 'CustomerPurchase' },
);
export type Purchase = Static<typeof PurchaseSchema>;
export const ReturnSchema = Type.Object(
  {
    itemId: Type.String(),
    serial: Type.String(),
    returnedAt: Timestamp,
    note: Nullable(Type.String()),
    reason: Nullable(Type.String()),
    refund: Nullable(Type.Number()),
  },
  { title: 'CustomerReturn' },
);
export const CustomerHistorySchema = Type.Object(
  {
    customer: Type.Object({
      id: Type.String(),
      name: Type.String(),
      email: Nullable(Type.String()),
      phone: Nullable(Type.String()),
    }),
    summary: Type.Object({
      sales: Count,
      itemsBought: Count,
      spent: Money,
      returns: Count,
      warrantiesActive: Count,
      warrantiesEnded: Count,
    }),
    items: Type.Array(PurchaseSchema, { description: 'Purchases, one row per item bought, newest first (keyset).' }),
    nextCursor: Nullable(Type.String()),
    returns: Type.Array(ReturnSchema, { description: 'The latest 100 returns, newest first.' }),
  },
  { title: 'CustomerHistory' },
);

// ── dashboard ──
const Period = Type.Object({
  start: Type.String({ format: 'date' }),
  sales: Count,
  total: Money,
  refunds: Type.Number({ description: 'Paid back for returns in the period (on the day of the return).' }),
  net: Type.Number({ description: 'total − refunds' }),
});
export const DashboardSchema = Type.Object(
  {
    stock: Type.Object({
      held: Count,
      byLocation: Type.Array(Type.Object({ locationId: Type.String(), locationName: Type.String(), items: Count })),
      byStatus: Type.Array(Type.Object({ status: StatusKey, items: Count })),
    }),
    salesPerDay: Type.Array(Period, { description: 'The last 30 days (UTC), oldest first, days without sales as 0.' }),
    salesPerWeek: Type.Array(Period, { description: 'The last 12 weeks, Monday to Sunday (UTC), oldest first.' }),
    itemsInProcess: Count,
    warrantiesEndingIn30Days: Count,
    planUsage: UsageSchema,
    firstSteps: Type.Object(
      {
        received: Type.Boolean({ description: 'An item has been received.' }),
        invited: Type.Boolean({ description: 'Someone besides the owner has been invited or added.' }),
        labelsSet: Type.Boolean({ description: 'The label settings have been saved.' }),
        sold: Type.Boolean({ description: 'A sale has been made.' }),
      },
      { description: 'A new company’s first steps; the dashboard lists them until all are done.' },
    ),
    ...AsOf,
  },
  { title: 'Dashboard' },
);
export type Dashboard = Static<typeof DashboardSchema>;
