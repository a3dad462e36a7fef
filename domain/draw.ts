/**
 * How many questions a draw asking for `asked` gets from `available`: all there are when there
 * are fewer. An exam's main part, a training run's questions (express, marathon, the daily
 * challenge) and what a screen announces before the draw all follow it.
 */
export function drawSize(asked: number, available: number): number {
  return Math.max(0, Math.min(asked, available));
}

/** A uniform shuffle (Fisher-Yates); `random` is injectable for seeded draws. */
export function shuffle<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const result = [...items];
  for (let i = result.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [result[i], result[j]] = [result[j] as T, result[i] as T];
  }
  return result;
}

/** Which questions an express test prefers: 'easy' (1 point), 'hard' (2 or more), or any. */
export type DifficultyPreference = 'easy' | 'hard' | undefined;

/** 0 for a question of the preferred difficulty, else 1 (the repository's SQL draw has the same bands). */
export function difficultyRank(points: number, preference: DifficultyPreference): number {
  if (preference === 'easy') return points <= 1 ? 0 : 1;
  if (preference === 'hard') return points >= 2 ? 0 : 1;
  return 0;
}

/**
 * An express test's questions from `pool`: up to `weakShare` of the learner's weak spots (in
 * `weakIds`' order, those in the pool), the rest at random with the preferred difficulty first,
 * `count` in all, shuffled. The server draws this way from chosen topics, and a device with no
 * connection from the course it keeps.
 */
export function pickExpressQuestions(
  pool: readonly { id: number; points: number }[],
  options: {
    count: number;
    weakIds: readonly number[];
    weakShare: number;
    preference: DifficultyPreference;
  },
  random: () => number = Math.random,
): number[] {
  const inPool = new Set(pool.map((question) => question.id));
  const weak = options.weakIds.filter((id) => inPool.has(id)).slice(0, options.weakShare);
  const taken = new Set(weak);
  // Shuffled first, then a stable sort: random within each difficulty band.
  const rest = shuffle(
    pool.filter((question) => !taken.has(question.id)),
    random,
  )
    .sort(
      (a, b) =>
        difficultyRank(a.points, options.preference) - difficultyRank(b.points, options.preference),
    )
    .slice(0, Math.max(0, options.count - weak.length))
    .map((question) => question.id);
  return shuffle([...weak, ...rest], random);
}
