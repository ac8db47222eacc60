import { Type, type Static } from '@sinclair/typebox';
import { KeysetQuery, Nullable, OneLine, OneOf, Timestamp, Uuid } from '../../lib/schemas.js';
import { TASK_STATUSES } from '../../vocabulary.js';

export const TASK_KINDS = ['process', 'transfer', 'warranty', 'other'] as const;

export const TaskSchema = Type.Object(
  {
    id: Type.String(),
    title: Type.String(),
    kind: OneOf(TASK_KINDS),
    assigneeUserId: Nullable(Type.String()),
    assigneeRoleId: Nullable(Type.String()),
    assigneeName: Type.String({ description: 'The user name, or the role name for a role queue.' }),
    itemId: Nullable(Type.String()),
    serial: Nullable(Type.String()),
    toLocationId: Nullable(Type.String()),
    dueAt: Nullable(Timestamp),
    note: Nullable(Type.String()),
    status: OneOf(TASK_STATUSES),
    createdBy: Type.String(),
    createdAt: Timestamp,
    doneAt: Nullable(Timestamp),
    doneBy: Nullable(Type.String()),
  },
  { title: 'Task' },
);
export type Task = Static<typeof TaskSchema>;

export const CreateTaskBody = Type.Object(
  {
    title: OneLine({ minLength: 1, maxLength: 200 }),
    kind: Type.Optional(OneOf(TASK_KINDS)),
    assigneeUserId: Type.Optional(Uuid),
    assigneeRoleId: Type.Optional(Uuid),
    itemId: Type.Optional(Uuid),
    toLocationId: Type.Optional(Uuid),
    dueAt: Type.Optional(Type.String({ format: 'date-time' })),
    note: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: false, title: 'CreateTaskRequest', description: 'Assign to a user, a role queue, or both.' },
);
export type CreateTaskBody = Static<typeof CreateTaskBody>;

export const TaskListQuery = KeysetQuery(['newest'] as const, {
  mine: Type.Optional(
    OneOf(['1', '0'], {
      description: '1 (default): assigned to me or to one of my roles; 0: every task (users.manage or items.process).',
    }),
  ),
  status: Type.Optional(OneOf(TASK_STATUSES)),
});
export type TaskListQuery = Static<typeof TaskListQuery>;

export const QUEUE_KEYS = ['awaitingProcess', 'incomingTransfers', 'expiringWarranties'] as const;
export type QueueKey = (typeof QUEUE_KEYS)[number];
export const QueueItemSchema = Type.Object(
  {
    itemId: Type.String(),
    serial: Type.String(),
    itemTypeName: Type.String(),
    model: Nullable(Type.String()),
    status: Type.String(),
    locationName: Type.String(),
    customerName: Nullable(Type.String()),
    warrantyEndsAt: Nullable(Timestamp),
    since: Timestamp,
  },
  { title: 'QueueItem' },
);
export type QueueItem = Static<typeof QueueItemSchema>;
export const QueuesSchema = Type.Object(
  {
    tasks: Type.Object({
      open: Type.Integer({ description: 'Open tasks assigned to me or to one of my roles.' }),
      items: Type.Array(TaskSchema, { description: 'The oldest 20 of them.' }),
    }),
    queues: Type.Array(
      Type.Object({
        key: OneOf(QUEUE_KEYS),
        count: Type.Integer(),
        items: Type.Array(QueueItemSchema, {
          description: 'The 20 that have waited longest (warranties: ending soonest).',
        }),
      }),
      {
        description:
          'The work my claims let me do: awaitingProcess (in process, returned, defective) and incomingTransfers (in transit) with items.process; expiringWarranties (ending within 30 days) with customers.manage.',
      },
    ),
  },
  { title: 'TaskQueues' },
);
