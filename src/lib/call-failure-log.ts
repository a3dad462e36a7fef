import { noAnswerOf } from '../../machines/call-failure';

/**
 * Rejects a call whose work was not sent now but kept in the browser behind earlier work of
 * the same kind, to go with it: not a failure, only not done yet.
 */
export class KeptForLater extends Error {}

/**
 * Logs a call that failed and that the screen works without (the spec's "only logged"). With no
 * connection, or kept to be sent later, that is what offline use does: a warning of one line,
 * where an error with its stack for every answer given offline buried real ones.
 */
export function logCallFailure({ where, error }: { where: string; error: unknown }): void {
  if (error instanceof KeptForLater || noAnswerOf(error) !== null) {
    console.warn(`[${where}] ${error instanceof Error ? error.message : String(error)}`);
    return;
  }
  console.error(`[${where}]`, error);
}
