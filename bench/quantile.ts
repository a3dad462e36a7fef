/** The value at quantile `q` (0 to 1) of numbers sorted ascending: the nearest rank, NaN when none. */
export const quantile = (sorted: readonly number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
