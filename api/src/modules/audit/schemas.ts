import { Type, type Static } from '@sinclair/typebox';
import { KeysetQuery, Nullable, OneOf, Timestamp, Uuid } from '../../lib/schemas.js';
import { ExportQuery } from '../../lib/list-export.js';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '../../vocabulary.js';

const Instant = Type.Union([Type.String({ format: 'date' }), Type.String({ format: 'date-time' })], {
  description: 'A date (midnight UTC) or a date-time.',
});

export const AuditEntitySchema = OneOf(AUDIT_ENTITIES, { description: 'What kind of setting changed.' });
export const AuditActionSchema = OneOf(AUDIT_ACTIONS);

export const AuditQuery = KeysetQuery(
  ['newest'] as const,
  {
    actorId: Type.Optional({ ...Uuid, description: 'Only the changes this user made.' }),
    entity: Type.Optional(AuditEntitySchema),
    from: Type.Optional({ ...Instant, description: 'Start, inclusive.' }),
    to: Type.Optional({ ...Instant, description: 'End, exclusive.' }),
  },
  ExportQuery,
);
export type AuditQuery = Static<typeof AuditQuery>;

/** A value before or after: the setting's fields as the API answers them (never a secret). */
const Snapshot = Nullable(
  Type.Unknown({ description: 'The setting as it was (before) or became (after); null when created or deleted.' }),
);

export const AuditRowSchema = Type.Object(
  {
    id: Uuid,
    createdAt: Timestamp,
    actorId: Nullable(Uuid),
    actorName: Nullable(Type.String({ description: 'The user name of who made the change; null: the system.' })),
    entity: AuditEntitySchema,
    entityId: Nullable(Type.String()),
    entityName: Nullable(Type.String()),
    action: AuditActionSchema,
    before: Snapshot,
    after: Snapshot,
  },
  { title: 'AuditRow' },
);
export type AuditRow = Static<typeof AuditRowSchema>;
