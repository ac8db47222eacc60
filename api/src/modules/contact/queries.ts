import type { Queryable } from '../../db/database.js';

// SQL only: contact_messages is a directory table (no company), written as the app role.
export async function insertMessage(
  q: Queryable,
  m: { name: string; email: string; subject: string | null; message: string },
): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO contact_messages (name, email, subject, message) VALUES ($1, $2, $3, $4) RETURNING id`,
    [m.name, m.email, m.subject, m.message],
  );
  return row!.id;
}
