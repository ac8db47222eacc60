import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { KeysetQuery, OneLine, Uuid } from '../../lib/schemas.js';

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const Timestamp = Type.String({ format: 'date-time' });
export const TASK_KINDS = ['process', 'transfer', 'warranty', 'other'] as const;

export const TaskSchema = Type.Object(
  {
    id: Type.String(),
    title: Type.String(),
    kind: Type.Union(TASK_KINDS.map((k) => Type.Literal(k))),
    assigneeUserId: Nullable(Type.String()),
    assigneeRoleId: Nullable(Type.String()),
    assigneeName: Type.String({ description: 'The user name, or the role name for a role queue.' }),
    itemId: Nullable(Type.String()),
    serial: Nullable(Type.String()),
    toLocationId: Nullable(Type.String()),
    dueAt: Nullable(Timestamp),
    note: Nullable(Type.String()),
    status: Type.Union([Type.Literal('open'), Type.Literal('done')]),
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
    kind: Type.Optional(Type.Union(TASK_KINDS.map((k) => Type.Literal(k)))),
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
    Type.Union([Type.Literal('1'), Type.Literal('0')], {
      description: '1 (default): assigned to me or to one of my roles; 0: every task (users.manage or items.process).',
    }),
  ),
  status: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('done')])),
});
export type TaskListQuery = Static<typeof TaskListQuery>;
