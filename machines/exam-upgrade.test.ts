import { describe, expect, it } from 'vitest';
import { type CourseRules } from '../domain/course-rules';
import { COURSE_PRESETS } from '../domain/course-presets';
import { upgradeExamSnapshot } from './exam.machine';

/** A course other than the default: Russia's, at most 2 mistakes, with extra questions. */
const MAX_MISTAKES: CourseRules = COURSE_PRESETS.find((preset) => preset.id === 'russia-ab')!.rules;

const upgraded = (context: Record<string, unknown>) =>
  (
    upgradeExamSnapshot({ status: 'active', value: 'inProgress', context }) as {
      context: Record<string, unknown>;
    }
  ).context;

describe('upgradeExamSnapshot, an exam kept in the browser by an older version', () => {
  it('leaves nothing to read as it is', () => {
    expect(upgradeExamSnapshot(null)).toBeNull();
    expect(upgradeExamSnapshot(undefined)).toBeUndefined();
    const noContext = { value: 'notStarted' };
    expect(upgradeExamSnapshot(noContext)).toBe(noContext);
  });

  it('leaves a snapshot of this version as it is', () => {
    const current = {
      context: { rules: MAX_MISTAKES, sessionId: 5, startedOnDevice: true, answeredAt: [1] },
    };
    expect(upgradeExamSnapshot(current)).toBe(current);
  });

  it('gives one from before the server held the exam no session, and keeps its course', () => {
    const context = upgraded({ rules: MAX_MISTAKES, reserve: [{ id: 9 }], mainCount: 1 });
    expect(context).toMatchObject({
      sessionId: null,
      sessionStartedAt: null,
      startedOnDevice: false,
      answeredAt: [],
      rules: MAX_MISTAKES,
      reserve: [{ id: 9 }],
      mainCount: 1,
    });
  });

  it("reads one from before courses as the default course's, with its own clock and pass mark", () => {
    const context = upgraded({
      questions: [{ id: 1 }, { id: 2 }],
      timeLimitSeconds: 600,
      passPercent: 50,
    });
    expect(context.rules).toEqual({
      question_count: 40,
      time_limit_seconds: 600,
      pass_rule: 'percent_questions',
      pass_value: 50,
      extra_questions_per_mistake: 0,
      extra_seconds_per_mistake: 0,
      ends_when_failed: false,
    });
    // Every question shown is of the main part; none is held back.
    expect(context).toMatchObject({ timeLimitSeconds: 600, mainCount: 2, reserve: [] });
    expect(context).not.toHaveProperty('passPercent');
  });

  it("takes the spec exam's clock and pass mark where one from before courses kept none", () => {
    const context = upgraded({});
    expect(context.rules).toMatchObject({ time_limit_seconds: 2400, pass_value: 70 });
    expect(context).toMatchObject({ timeLimitSeconds: 2400, mainCount: 0, reserve: [] });
  });
});
