import { isContentLanguage } from '../../../domain/question-languages';
import type { UserRow } from '../../db/schema';
import { entityTagOf } from '../../http/entity-tags';
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
    course_id: row.course_id,
    content_language: isContentLanguage(row.content_language) ? row.content_language : null,
  };
}

/**
 * What an administrator edits of a user, in a fixed order (for entity tags and checks); a
 * sign-in (last_login) is no change to it.
 */
export const USER_FIELDS = [
  'username',
  'email',
  'first_name',
  'last_name',
  'is_admin',
  'is_active',
  'course_id',
] as const satisfies readonly (keyof UserRow)[];

/** The entity tag of a user as an administrator edits it. */
export function userTagOf(row: Pick<UserRow, (typeof USER_FIELDS)[number]>): string {
  return entityTagOf(USER_FIELDS.map((field) => row[field]));
}
