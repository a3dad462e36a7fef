import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Tokens signed out before their expiry (see migration 0015); accepts a transaction too. */
export function createRevokedTokensRepository(db: Kysely<Database>) {
  return {
    /**
     * Lists the token as signed out until it expires, and lets go of those already expired
     * (an expired token is refused anyway), so the table holds only live revocations.
     */
    async revoke(token: { tokenId: string; userId: number; expiresAt: Date }, now: Date) {
      await db
        .insertInto('revoked_tokens')
        .values({
          token_id: token.tokenId,
          user_id: token.userId,
          expires_at: token.expiresAt.toISOString(),
        })
        .onConflict((oc) => oc.column('token_id').doNothing())
        .execute();
      await db.deleteFrom('revoked_tokens').where('expires_at', '<', now.toISOString()).execute();
    },
  };
}
