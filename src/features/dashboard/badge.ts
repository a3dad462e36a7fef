export type BadgeLevel = 'newcomer' | 'bronze' | 'silver' | 'gold';

/** The badge table of spec section 4: from how many exams each level starts. */
export const BADGE_LEVELS: readonly {
  level: BadgeLevel;
  from: number;
  to: number | null;
  icon: 'sprout' | 'medal';
}[] = [
  { level: 'newcomer', from: 0, to: 0, icon: 'sprout' },
  { level: 'bronze', from: 1, to: 9, icon: 'medal' },
  { level: 'silver', from: 10, to: 99, icon: 'medal' },
  { level: 'gold', from: 100, to: null, icon: 'medal' },
];

export function badgeFor(totalExams: number): BadgeLevel {
  if (totalExams >= 100) return 'gold';
  if (totalExams >= 10) return 'silver';
  if (totalExams >= 1) return 'bronze';
  return 'newcomer';
}

/** Passed exams over all exams, in percent, rounded; 0 without exams. */
export function progressPercent(passed: number, total: number): number {
  return total > 0 ? Math.round((passed / total) * 100) : 0;
}

/** The year of an ISO timestamp (member since). */
export function yearOf(timestamp: string): number | null {
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? null : date.getUTCFullYear();
}
