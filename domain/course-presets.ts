import { DEFAULT_COURSE_RULES, type CourseLanguage, type CourseRules } from './course-rules';

export type CoursePresetId = 'default' | 'korea-1' | 'korea-2' | 'russia-ab' | 'ireland' | 'uk';

export interface CoursePreset {
  id: CoursePresetId;
  language: CourseLanguage;
  rules: CourseRules;
}

/**
 * Published exam rules an administrator starts a course from (docs/courses.md gives the sources
 * and what each simplifies). Names and descriptions are the SPA's to word in each language.
 */
export const COURSE_PRESETS: readonly CoursePreset[] = [
  { id: 'default', language: 'en', rules: DEFAULT_COURSE_RULES },
  {
    // Korea, class 1: 40 questions in 40 minutes, pass at 70 of 100 points.
    id: 'korea-1',
    language: 'ko',
    rules: { ...DEFAULT_COURSE_RULES, pass_rule: 'percent_points', pass_value: 70 },
  },
  {
    // Korea, class 2: the same exam, pass at 60 points.
    id: 'korea-2',
    language: 'ko',
    rules: { ...DEFAULT_COURSE_RULES, pass_rule: 'percent_points', pass_value: 60 },
  },
  {
    // Russia, categories A and B: 20 questions in 20 minutes, at most 2 mistakes; each mistake
    // adds 5 questions and 5 minutes, and a mistake among those fails. The exam ends at the
    // mistake that fails it.
    id: 'russia-ab',
    language: 'ru',
    rules: {
      question_count: 20,
      time_limit_seconds: 1200,
      pass_rule: 'max_mistakes',
      pass_value: 2,
      extra_questions_per_mistake: 5,
      extra_seconds_per_mistake: 300,
      ends_when_failed: true,
    },
  },
  {
    // Ireland: 40 questions in 45 minutes, pass at 35 right.
    id: 'ireland',
    language: 'en',
    rules: {
      ...DEFAULT_COURSE_RULES,
      time_limit_seconds: 2700,
      pass_rule: 'max_mistakes',
      pass_value: 5,
    },
  },
  {
    // United Kingdom: 50 questions in 57 minutes, pass at 43 right.
    id: 'uk',
    language: 'en',
    rules: {
      ...DEFAULT_COURSE_RULES,
      question_count: 50,
      time_limit_seconds: 3420,
      pass_rule: 'max_mistakes',
      pass_value: 7,
    },
  },
];
