import type { Queryable } from '../../db/database.js';
import { ApiError } from '../../lib/errors.js';
import { findBuiltInType, type TransactionType } from '../catalogue/index.js';
export { assertMayRun } from '../items/index.js';

/** An import is a reception: it needs the Receive type, and the caller its claim. */
export async function findBuiltInTypeForImport(q: Queryable): Promise<TransactionType> {
  const type = await findBuiltInType(q, 'receive');
  if (!type) throw new ApiError(409, 'This company has no Receive transaction type.', 'TRANSACTION_TYPE_MISSING');
  return type;
}
