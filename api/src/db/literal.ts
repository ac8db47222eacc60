const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A uuid written into a statement as a literal, for the one kind of statement that cannot take
 * parameters: the opening a transaction sends with its BEGIN (Database.transaction). Anything but
 * a well-formed uuid is refused, so no value can change the statement around it.
 */
export function uuidLiteral(value: string): string {
  if (!UUID.test(value)) throw new Error('not a uuid: refused as a literal');
  return `'${value}'::uuid`;
}
