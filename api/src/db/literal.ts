import type { Opening } from './types.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A transaction opening's value, checked: anything but a well-formed uuid is refused, in both
 * drivers, so no value can change the statement around it where it is written in as a literal.
 */
export function checkedUuid(value: string): string {
  if (!UUID.test(value)) throw new Error('not a uuid: refused as a literal');
  return value;
}

/**
 * The opening as one text, for the one kind of statement that cannot take parameters: the opening a
 * transaction sends with its BEGIN in PostgreSQL's simple protocol (db/postgres.ts). Each $n is
 * written in as a checked uuid literal.
 */
export function openingText(opening: Opening): string {
  const sql = opening.sql.replace(/\$(\d+)/g, (_, n: string) => `'${checkedUuid(opening.uuids[Number(n) - 1]!)}'`);
  return opening.setup ? `${opening.setup}; ${sql}` : sql;
}
