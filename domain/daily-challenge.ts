/**
 * The daily challenge's draw: a PRNG seeded by learner and UTC date, so every call (and every
 * server process, and a device with no connection) picks the same questions all day, and a new
 * set the next day.
 */

/** The UTC calendar date of `moment`, as YYYY-MM-DD. */
export function utcDate(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}

/** A 32-bit FNV-1a hash of a text, to seed the PRNG. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: a small, fast PRNG with a 32-bit state; plenty for picking quiz questions. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function dailyChallengeRandom(userId: number, date: string): () => number {
  return mulberry32(hashText(`${userId}:${date}`));
}

/**
 * The first `count` positions of a Fisher-Yates shuffle of `0..total-1`, without building the
 * whole array: only the swapped slots are remembered, so a bank of 100,000 questions costs
 * `count` steps, not 100,000.
 */
export function shuffledPositions(total: number, count: number, random: () => number): number[] {
  const swapped = new Map<number, number>();
  const at = (slot: number) => swapped.get(slot) ?? slot;
  const picked: number[] = [];
  for (let i = 0; i < Math.min(count, total); i++) {
    const j = i + Math.floor(random() * (total - i));
    const value = at(j);
    swapped.set(j, at(i));
    swapped.set(i, value);
    picked.push(value);
  }
  return picked;
}

/**
 * Today's challenge for `userId` from the course's question ids in ascending order: the positions
 * the server reads one by one from its bank sorted by id, read here from a list the device keeps.
 */
export function dailyChallengeIds(
  sortedIds: readonly number[],
  size: number,
  userId: number,
  date: string,
): number[] {
  return shuffledPositions(sortedIds.length, size, dailyChallengeRandom(userId, date)).flatMap(
    (position) => sortedIds[position] ?? [],
  );
}
