import { useEffect, useState } from 'react';
import {
  DEFAULT_EXAM_PASS_PERCENT,
  DEFAULT_EXAM_TIME_LIMIT_SECONDS,
} from '../../../machines/exam.types';
import type { ApiClient, Setting } from '../../api';
import { useCountTexts } from '../../i18n/counts';
import { loadPublicSettings, usePublicSettings } from '../../lib/public-settings';

/** The exam's rules: public settings, with the spec's values when unset or unreadable. */
export interface ExamRules {
  questionCount: number;
  timeLimitSeconds: number;
  passPercent: number;
}

export const DEFAULT_EXAM_RULES: ExamRules = {
  questionCount: 40,
  timeLimitSeconds: DEFAULT_EXAM_TIME_LIMIT_SECONDS,
  passPercent: DEFAULT_EXAM_PASS_PERCENT,
};

/** A public setting's value as a positive number, or `fallback` when unset or not one. */
export function positiveSetting(settings: Setting[], key: string, fallback: number): number {
  const value = Number(settings.find((setting) => setting.key === key)?.value);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

export function rulesFrom(settings: Setting[]): ExamRules {
  return {
    questionCount: positiveSetting(
      settings,
      'exam_question_count',
      DEFAULT_EXAM_RULES.questionCount,
    ),
    timeLimitSeconds: positiveSetting(
      settings,
      'exam_time_limit_seconds',
      DEFAULT_EXAM_RULES.timeLimitSeconds,
    ),
    passPercent: positiveSetting(settings, 'exam_pass_percent', DEFAULT_EXAM_RULES.passPercent),
  };
}

/** The rules, or null while the public settings load. */
export function useExamRules(api: ApiClient): ExamRules | null {
  const [rules, setRules] = useState<ExamRules | null>(null);
  useEffect(() => {
    let active = true;
    loadPublicSettings(api).then(
      (settings) => active && setRules(rulesFrom(settings)),
      () => active && setRules(DEFAULT_EXAM_RULES),
    );
    return () => {
      active = false;
    };
  }, [api]);
  return rules;
}

/**
 * The rules written out for the sentences that state them (the landing page, the help): the
 * settings the page carries, the spec's values until there are any. The pass mark stays a
 * number: formatting it builds an Intl formatter, which the landing page's first paint
 * cannot afford and does not need.
 */
export function useExamRuleTexts(): { questions: string; time: string; passPercent: number } {
  const settings = usePublicSettings();
  const rules = settings ? rulesFrom(settings) : DEFAULT_EXAM_RULES;
  const counts = useCountTexts();
  return {
    questions: counts.questions(rules.questionCount),
    time: counts.duration(rules.timeLimitSeconds),
    passPercent: rules.passPercent,
  };
}
