import { createHash } from 'node:crypto';

/** Hex SHA-256 of a string: how one-time secrets (links, refresh tokens) are stored and looked up. */
export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
