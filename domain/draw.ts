/**
 * How many questions a draw asking for `asked` gets from `available`: all there are when there
 * are fewer. An exam's main part, a training run's questions (express, marathon, the daily
 * challenge) and what a screen announces before the draw all follow it.
 */
export function drawSize(asked: number, available: number): number {
  return Math.max(0, Math.min(asked, available));
}
