/**
 * How an exam's clock counts, on the exam page and on the server alike: whole seconds, counted
 * down, so the time taken the server saves is the one the page showed when the exam ended.
 */

/** Whole seconds elapsed since `startedAt` (epoch ms) at `now`, capped at `capSeconds` when given. */
export function elapsedSecondsOf(
  startedAt: number | null,
  now: number | null,
  capSeconds?: number | null,
): number {
  if (startedAt === null || now === null) return 0;
  const elapsed = Math.floor(Math.max(0, now - startedAt) / 1000);
  return capSeconds === undefined || capSeconds === null ? elapsed : Math.min(elapsed, capSeconds);
}
