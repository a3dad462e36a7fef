import { type Kysely, sql } from 'kysely';
import { ConflictError } from '../../http/errors';
import type { Database, NewUser, UserRow, UserUpdate } from '../../db/schema';

/** Data access for users; accepts a transaction too. */
export function createUsersRepository(db: Kysely<Database>) {
  return {
    byId: (id: number) =>
      db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),

    /** By username or e-mail, whatever the case. */
    byLogin: (login: string) =>
      db
        .selectFrom('users')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb(eb.fn('lower', ['username']), '=', login.toLowerCase()),
            eb(eb.fn('lower', ['email']), '=', login.toLowerCase()),
          ]),
        )
        .orderBy('id')
        .executeTakeFirst(),

    /** The first user other than `exceptId` holding this username or e-mail. */
    async clash(username: string, email: string, exceptId?: number) {
      let query = db
        .selectFrom('users')
        .select(['username', 'email'])
        .where((eb) =>
          eb.or([
            eb(eb.fn('lower', ['username']), '=', username.toLowerCase()),
            eb(eb.fn('lower', ['email']), '=', email.toLowerCase()),
          ]),
        );
      if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
      const row = await query.executeTakeFirst();
      if (!row) return undefined;
      return row.username.toLowerCase() === username.toLowerCase() ? 'username' : 'email';
    },

    /** Throws 409 when another user holds this username or e-mail. */
    async assertAvailable(username: string, email: string, exceptId?: number) {
      const clash = await this.clash(username, email, exceptId);
      if (clash)
        throw new ConflictError(
          `This ${clash === 'email' ? 'e-mail' : 'username'} is already taken`,
        );
    },

    list(filter: { search?: string | undefined; role?: 'all' | 'admin' | 'user' | undefined }) {
      let query = db.selectFrom('users').selectAll();
      if (filter.search) {
        const pattern = `%${filter.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where(
          sql<boolean>`(lower(username) like ${pattern} escape '\\' or lower(email) like ${pattern} escape '\\')`,
        );
      }
      if (filter.role === 'admin') query = query.where('is_admin', '=', 1);
      if (filter.role === 'user') query = query.where('is_admin', '=', 0);
      return query.orderBy('id').execute();
    },

    insert: (user: NewUser): Promise<UserRow> =>
      db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow(),

    update: (id: number, changes: UserUpdate) =>
      db.updateTable('users').set(changes).where('id', '=', id).returningAll().executeTakeFirst(),

    delete: async (id: number) =>
      (await db.deleteFrom('users').where('id', '=', id).executeTakeFirst()).numDeletedRows > 0n,

    countActiveAdmins: async () =>
      Number(
        (
          await db
            .selectFrom('users')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('is_admin', '=', 1)
            .where('is_active', '=', 1)
            .executeTakeFirstOrThrow()
        ).n,
      ),
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
