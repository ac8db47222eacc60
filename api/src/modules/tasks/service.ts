import type { Queryable } from '../../db/database.js';
import type { Access } from '../../access/index.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { decodeTimeIdCursor, encodeCursor } from '../../lib/schemas.js';
import { publish } from '../events/index.js';
import * as db from './queries.js';
import { AWAITING_PROCESS, queueCounts } from '../reports/index.js';
import type { CreateTaskBody, QueueItem, QueueKey, Task, TaskListQuery } from './schemas.js';

export interface Caller {
  companyId: string;
  userId: string;
  access: Access;
}
const managesTasks = (c: Caller) => c.access.may('users.manage') || c.access.may('items.process');
const strip = ({ _key: _k, ...t }: Task & { _key: string }): Task => t;

export async function listTasks(q: Queryable, caller: Caller, query: TaskListQuery) {
  const mine = query.mine !== '0';
  if (!mine && !managesTasks(caller))
    throw forbidden('Only users.manage or items.process sees every task; ask for mine=1.');
  const limit = query.limit ?? 50;
  const after = decodeTimeIdCursor(query.cursor);
  const rows = await db.taskPage(q, { ...query, limit, mineOf: mine ? caller.userId : null }, after);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map(strip),
    nextCursor: rows.length > limit && last ? encodeCursor([last._key, last.id]) : null,
  };
}

export async function createTask(q: Queryable, caller: Caller, body: CreateTaskBody): Promise<Task> {
  if (!body.assigneeUserId && !body.assigneeRoleId)
    throw badRequest('assigneeUserId: assign the task to a user or a role', 'assigneeUserId');
  if (!body.title.trim()) throw badRequest('title: must not be blank', 'title');
  const refs: Array<[keyof CreateTaskBody, 'users' | 'roles' | 'items' | 'locations']> = [
    ['assigneeUserId', 'users'],
    ['assigneeRoleId', 'roles'],
    ['itemId', 'items'],
    ['toLocationId', 'locations'],
  ];
  for (const [field, table] of refs) {
    const id = body[field] as string | undefined;
    if (id && !(await db.exists(q, table, id))) throw badRequest(`${field}: no such ${table.slice(0, -1)}`, field);
  }
  const id = await db.insertTask(q, caller.companyId, caller.userId, body);
  publish(q, caller.companyId, 'task.changed', [id]);
  return strip((await db.findTask(q, id))!);
}

export async function completeTask(q: Queryable, caller: Caller, id: string): Promise<Task> {
  const task = await db.findTask(q, id, true);
  if (!task) throw notFound('Task not found.');
  const mine =
    task.assigneeUserId === caller.userId ||
    (task.assigneeRoleId !== null && caller.access.roles.includes(task.assigneeName));
  if (!mine && !managesTasks(caller)) throw forbidden('This task is assigned to somebody else.');
  if (task.status === 'done') throw conflict('This task is already done.');
  await db.markDone(q, id, caller.userId);
  publish(q, caller.companyId, 'task.changed', [id]);
  return strip((await db.findTask(q, id))!);
}

const QUEUE_SIZE = 20;

/**
 * My Tasks: my open tasks (mine or my roles'), then the queues my claims let me work — the items a
 * Storekeeper processes and receives, the warranties an Account Manager follows up. Counts come
 * from the stock counters, so a queue of 100,000 items costs what a queue of 10 does.
 */
export async function queues(q: Queryable, caller: Caller) {
  const tasks = await db.openTasksOf(q, caller.userId, QUEUE_SIZE);
  const counts = await queueCounts(q);
  const out: Array<{ key: QueueKey; count: number; items: QueueItem[] }> = [];
  if (caller.access.may('items.process')) {
    out.push({
      key: 'awaitingProcess',
      count: counts.awaitingProcess,
      items: await db.itemsInStatuses(q, AWAITING_PROCESS, QUEUE_SIZE),
    });
    out.push({
      key: 'incomingTransfers',
      count: counts.incomingTransfers,
      items: await db.itemsInStatuses(q, ['in_transit'], QUEUE_SIZE),
    });
  }
  if (caller.access.may('customers.manage'))
    out.push({
      key: 'expiringWarranties',
      count: counts.expiringWarranties,
      items: await db.warrantiesEndingSoon(q, 30, QUEUE_SIZE),
    });
  return { tasks: { open: tasks.open, items: tasks.items.map(strip) }, queues: out };
}
