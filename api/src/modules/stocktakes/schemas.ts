import { Type, type Static } from '@sinclair/typebox';
import { FormatQuery, Nullable, OneLine, OneOf, Timestamp, Uuid } from '../../lib/schemas.js';
import { STOCKTAKE_OUTCOMES, STOCKTAKE_STATES } from '../../vocabulary.js';

const literals = <T extends readonly string[]>(words: T, description: string) => OneOf(words, { description });
const Count = (description: string) => Type.Integer({ minimum: 0, description });

export const StocktakeState = literals(
  STOCKTAKE_STATES,
  'counting ⇄ paused → closed (the variance is frozen) → applied (missing items lost, misplaced ones moved).',
);
export const StocktakeOutcome = literals(
  STOCKTAKE_OUTCOMES,
  'found: where counted; missing: expected, not scanned; elsewhere: held at another location (or lost); sold: sold or scrapped; unknown: no item has the serial.',
);

export const StocktakeSchema = Type.Object(
  {
    id: Type.String(),
    locationId: Nullable(Type.String({ description: 'The location counted; null: every location.' })),
    locationName: Nullable(Type.String()),
    state: StocktakeState,
    note: Nullable(Type.String()),
    openedBy: Nullable(Type.String({ description: 'The user name of who opened it.' })),
    openedAt: Timestamp,
    updatedAt: Timestamp,
    closedAt: Nullable(Timestamp),
    appliedAt: Nullable(Timestamp),
    scanned: Count('Serials scanned (each once, however often and by however many people).'),
    found: Nullable(Count('Closed: items found where counted.')),
    missing: Nullable(Count('Closed: items expected and not scanned.')),
    unexpected: Nullable(Count('Closed: serials scanned that were elsewhere, sold or unknown.')),
  },
  { title: 'Stocktake' },
);
export type Stocktake = Static<typeof StocktakeSchema>;
export const StocktakeList = Type.Object(
  { items: Type.Array(StocktakeSchema), total: Type.Integer({ minimum: 0 }) },
  { title: 'StocktakeList' },
);

export const ScanSchema = Type.Object(
  {
    serial: Type.String(),
    scannedBy: Nullable(Type.String()),
    scannedAt: Timestamp,
  },
  { title: 'StocktakeScan' },
);
export const StocktakeDetail = Type.Object(
  {
    ...StocktakeSchema.properties,
    recent: Type.Array(ScanSchema, { description: 'The last 20 serials scanned, newest first.' }),
  },
  { title: 'StocktakeDetail' },
);

export const OpenStocktakeBody = Type.Object(
  {
    locationId: Type.Optional(
      Nullable({ ...Uuid, description: 'The location to count; null or absent: all of them.' }),
    ),
    note: Type.Optional(OneLine({ maxLength: 500, description: 'Why or what: shown with the count.' })),
  },
  { additionalProperties: false, title: 'OpenStocktakeRequest' },
);
export type OpenStocktakeBody = Static<typeof OpenStocktakeBody>;

export const ScanBody = Type.Object(
  { serial: OneLine({ minLength: 1, maxLength: 100, description: 'The serial as scanned or typed.' }) },
  { additionalProperties: false, title: 'StocktakeScanRequest' },
);
export type ScanBody = Static<typeof ScanBody>;

export const ScanAnswer = Type.Object(
  {
    serial: Type.String(),
    outcome: Type.Union(
      ['found', 'elsewhere', 'sold', 'unknown'].map((w) => Type.Literal(w)),
      { description: 'What the serial is for this count, as things stand now.' },
    ),
    itemId: Nullable(Type.String()),
    locationName: Nullable(
      Type.String({ description: 'Where the item is recorded (for elsewhere: where it should be).' }),
    ),
    repeated: Type.Boolean({ description: 'Scanned before in this count: counted once.' }),
    scanned: Count('Serials scanned in this count so far.'),
  },
  { title: 'StocktakeScanAnswer' },
);
export type ScanAnswer = Static<typeof ScanAnswer>;

export const VarianceLine = Type.Object(
  {
    serial: Type.String(),
    itemId: Nullable(Type.String()),
    outcome: StocktakeOutcome,
    locationId: Nullable(Type.String({ description: 'Where the item was at closing.' })),
    locationName: Nullable(Type.String()),
    status: Nullable(Type.String({ description: 'The item’s status at closing.' })),
  },
  { title: 'StocktakeVarianceLine' },
);
export type VarianceLine = Static<typeof VarianceLine>;
export const VariancePage = Type.Object(
  { items: Type.Array(VarianceLine), nextCursor: Nullable(Type.String()) },
  { title: 'StocktakeVariancePage' },
);
export const VarianceQuery = Type.Object(
  {
    outcome: Type.Optional(StocktakeOutcome),
    ...FormatQuery,
    cursor: Type.Optional(Type.String({ maxLength: 512, pattern: '^[A-Za-z0-9_-]*$' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
  },
  { additionalProperties: false },
);

export const ApplyAnswer = Type.Object(
  {
    stocktake: StocktakeSchema,
    lost: Count('Missing items marked lost.'),
    moved: Count('Misplaced (or lost) items moved to the counted location.'),
    skipped: Count('Lines left as they were: the item changed since closing (sold, moved, already lost).'),
  },
  { title: 'StocktakeApplied' },
);
