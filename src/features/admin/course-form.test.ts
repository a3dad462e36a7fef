import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { COURSE_LIMITS, courseFieldOf, presetForm, readCourseForm } from './course-form';

interface Range {
  minimum: number;
  maximum: number;
}

const contract = parse(
  // Tests run from the repository's root.
  readFileSync(path.join(process.cwd(), 'openapi/api.yaml'), 'utf8'),
) as { components: { schemas: Record<string, { properties: Record<string, Range> }> } };
const rules = contract.components.schemas.CourseRules!.properties;
const input = contract.components.schemas.CourseInput!.properties as unknown as Record<
  string,
  { maxLength: number }
>;

describe("the course form's limits", () => {
  it("are the contract's, the times in minutes", () => {
    const range = (name: string, per = 1) => ({
      min: rules[name]!.minimum / per,
      max: rules[name]!.maximum / per,
    });
    expect(COURSE_LIMITS.questionCount).toEqual(range('question_count'));
    expect(COURSE_LIMITS.timeLimitMinutes).toEqual(range('time_limit_seconds', 60));
    expect(COURSE_LIMITS.mistakes).toEqual(range('pass_value'));
    expect(COURSE_LIMITS.extraQuestions).toEqual(range('extra_questions_per_mistake'));
    expect(COURSE_LIMITS.extraMinutes).toEqual(range('extra_seconds_per_mistake', 60));
    expect(COURSE_LIMITS.name).toBe(input.name!.maxLength);
    expect(COURSE_LIMITS.description).toBe(input.description!.maxLength);
  });
});

describe('reading the course form', () => {
  const words = { name: 'Ireland', description: '' };

  it('turns minutes written with a point or a comma into whole seconds', () => {
    const form = { ...presetForm('ireland', words), time_limit_minutes: '1,5' };
    expect(readCourseForm(form)).toEqual({
      ok: true,
      body: {
        name: 'Ireland',
        description: '',
        language: 'en',
        rules: {
          question_count: 40,
          time_limit_seconds: 90,
          pass_rule: 'max_mistakes',
          pass_value: 5,
          extra_questions_per_mistake: 0,
          extra_seconds_per_mistake: 0,
          ends_when_failed: false,
        },
      },
    });
    const part = readCourseForm({ ...form, time_limit_minutes: '40.01' });
    expect(part.ok ? null : part.problems.time_limit_minutes).toEqual({
      code: 'minutes',
      min: 1,
      max: 360,
    });
  });

  it('checks a percent against 1 to 100 and mistakes against the question count', () => {
    for (const pass_value of ['101', '0']) {
      const percent = readCourseForm({ ...presetForm('korea-1', words), pass_value });
      expect(percent.ok ? null : percent.problems.pass_value, pass_value).toEqual({
        code: 'wholeNumber',
        min: 1,
        max: 100,
      });
    }
    // No mistake allowed is a rule of its own.
    expect(readCourseForm({ ...presetForm('russia-ab', words), pass_value: '0' }).ok).toBe(true);
    const mistakes = readCourseForm({ ...presetForm('russia-ab', words), pass_value: '20' });
    expect(mistakes.ok ? null : mistakes.problems.pass_value).toEqual({
      code: 'mistakesNotBelowCount',
      count: 20,
    });
  });

  it('sends whether the exam ends when it can no longer be passed, as the preset or the box says', () => {
    const russia = presetForm('russia-ab', words);
    expect(russia.ends_when_failed).toBe(true);
    const sent = readCourseForm(russia);
    expect(sent.ok ? sent.body.rules.ends_when_failed : null).toBe(true);
    const unticked = readCourseForm({ ...russia, ends_when_failed: false });
    expect(unticked.ok ? unticked.body.rules.ends_when_failed : null).toBe(false);
    expect(presetForm('uk', words).ends_when_failed).toBe(false);
  });

  it("puts a refusal naming a rule under that rule's field", () => {
    expect(courseFieldOf('rules.time_limit_seconds')).toBe('time_limit_minutes');
    expect(courseFieldOf('extra_seconds_per_mistake')).toBe('extra_minutes_per_mistake');
    expect(courseFieldOf('rules')).toBe('pass_value');
    expect(courseFieldOf('rules.ends_when_failed')).toBe('ends_when_failed');
    expect(courseFieldOf('name')).toBe('name');
    expect(courseFieldOf('course_id')).toBeNull();
  });
});
