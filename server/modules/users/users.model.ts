import type { UserRow } from '../../db/schema';
import type { Schema } from '../../http/operations';

export type User = Schema<'User'>;

/** The API view of a user: never the password hash. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    is_admin: Boolean(row.is_admin),
    is_active: Boolean(row.is_active),
    created_at: row.created_at,
    last_login: row.last_login,
  };
}
