import { useTranslation } from '../i18n/react';
import type { CourseLanguage, CourseRules } from '../../domain/course-rules';
import { useCountTexts } from '../i18n/counts';
import { useNumberFormats } from '../i18n/numbers';

export interface CourseWords {
  /** The language a course's questions are written in, named in the interface language. */
  language: (language: CourseLanguage) => string;
  /**
   * A course as a list or select names it: "Korea, class 1 (Korean)", and "— no questions yet"
   * when its bank is empty (`question_total` 0).
   */
  option: (course: { name: string; language: CourseLanguage; question_total?: number }) => string;
  /** How an exam passes: "pass with at most 2 mistakes". */
  passRule: (rules: Pick<CourseRules, 'pass_rule' | 'pass_value'>) => string;
  /**
   * A course's exam in one sentence: "20 questions in 20 minutes; pass with at most 2 mistakes;
   * each mistake adds 5 questions and 5 minutes; the exam ends at the mistake that fails it".
   */
  rules: (rules: CourseRules) => string;
}

/** Courses in words (parts.json's `course`), for the admin panel, registration and profile. */
export function useCourseWords(): CourseWords {
  const { t } = useTranslation('parts');
  const counts = useCountTexts();
  const { percent } = useNumberFormats();
  const language = (code: CourseLanguage) => t(`course.languages.${code}`);
  const passRule: CourseWords['passRule'] = ({ pass_rule, pass_value }) => {
    switch (pass_rule) {
      case 'percent_questions':
        return t('course.rules.percentQuestions', { percent: percent(pass_value) });
      case 'percent_points':
        return t('course.rules.percentPoints', { percent: percent(pass_value) });
      case 'max_mistakes':
        return pass_value === 0
          ? t('course.rules.noMistakes')
          : t('course.rules.maxMistakes', { count: pass_value });
    }
  };
  /** The questions, time, pass mark and extras, as `rules` says them. */
  const rulesSummary = (rules: CourseRules) => {
    const exam = t('course.rules.exam', {
      questions: counts.questions(rules.question_count),
      time: counts.duration(rules.time_limit_seconds),
    });
    const pass = passRule(rules);
    if (rules.extra_questions_per_mistake === 0) return t('course.rules.summary', { exam, pass });
    const questions = counts.questions(rules.extra_questions_per_mistake);
    const extra =
      rules.extra_seconds_per_mistake === 0
        ? t('course.rules.extraQuestions', { questions })
        : t('course.rules.extra', {
            questions,
            time: counts.duration(rules.extra_seconds_per_mistake),
          });
    return t('course.rules.summaryExtra', { exam, pass, extra });
  };
  return {
    language,
    // Inside a sentence or brackets the language may be written otherwise ("(русский)").
    // A course with no questions yet says so before anyone picks it.
    option: (course) =>
      t(course.question_total === 0 ? 'course.optionEmpty' : 'course.option', {
        name: course.name,
        language: t(`course.inOption.${course.language}`),
      }),
    passRule,
    rules: (rules) => {
      const summary = rulesSummary(rules);
      return rules.ends_when_failed
        ? t('course.rules.withEnd', { rules: summary, end: t('course.rules.endsWhenFailed') })
        : summary;
    },
  };
}
