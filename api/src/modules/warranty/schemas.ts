import { Type, type Static } from '@sinclair/typebox';
import { Nullable, OneLine, OneOf, Timestamp } from '../../lib/schemas.js';
import { WARRANTY_OUTCOMES, WARRANTY_STATES } from '../../vocabulary.js';

const literals = <T extends readonly string[]>(words: T, description: string) => OneOf(words, { description });

export const WarrantyState = literals(
  WARRANTY_STATES,
  'open → sent (to the supplier) → repaired or replaced → closed; open or sent may also be closed without an outcome (rejected).',
);
export const WarrantyOutcome = literals(WARRANTY_OUTCOMES, 'How a claim ended: rejected is closed without either.');

export const WarrantyClaimSchema = Type.Object(
  {
    id: Type.String(),
    itemId: Type.String(),
    serial: Type.String(),
    state: WarrantyState,
    outcome: Nullable(WarrantyOutcome),
    fault: Type.String({ description: 'What the customer reported, as written at opening.' }),
    vendorId: Nullable(Type.String({ description: 'The supplier the item came from, at opening.' })),
    vendorName: Nullable(Type.String()),
    customerId: Nullable(Type.String()),
    customerName: Type.Optional(
      Nullable(
        Type.String({ description: 'Who brought it: only for a caller with customers.view (absent otherwise).' }),
      ),
    ),
    openedBy: Nullable(Type.String({ description: 'The user name of who opened it.' })),
    warrantyEndsAt: Nullable(Timestamp),
    openedAt: Timestamp,
    updatedAt: Timestamp,
    closedAt: Nullable(Timestamp),
  },
  { title: 'WarrantyClaim' },
);
export type WarrantyClaim = Static<typeof WarrantyClaimSchema>;
export const WarrantyClaimList = Type.Object(
  { items: Type.Array(WarrantyClaimSchema) },
  { title: 'WarrantyClaimList' },
);

export const OpenClaimBody = Type.Object(
  { fault: OneLine({ minLength: 1, maxLength: 1000, description: 'What is wrong, as the customer reports it.' }) },
  { additionalProperties: false, title: 'OpenWarrantyClaimRequest' },
);
export type OpenClaimBody = Static<typeof OpenClaimBody>;

/** The states a claim can be moved to (open is where it starts). */
export const ADVANCE_STATES = WARRANTY_STATES.filter((s) => s !== 'open');
export const AdvanceClaimBody = Type.Object(
  {
    to: literals(ADVANCE_STATES, 'The state the claim moves to.'),
    note: Type.Optional(
      OneLine({ maxLength: 1000, description: 'What happened; required when closing without an outcome (rejected).' }),
    ),
  },
  { additionalProperties: false, title: 'AdvanceWarrantyClaimRequest' },
);
export type AdvanceClaimBody = Static<typeof AdvanceClaimBody>;
