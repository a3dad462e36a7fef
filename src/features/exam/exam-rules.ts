import { useEffect, useState } from 'react';
import {
  DEFAULT_EXAM_PASS_PERCENT,
  DEFAULT_EXAM_TIME_LIMIT_SECONDS,
} from '../../../machines/exam.types';
import type { ApiClient, Setting } from '../../api';
import { useCountTexts } from '../../i18n/counts';
import { drawnFromBank, loadBankSize } from '../../lib/bank-size';
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

/**
 * The rules as the exam will apply them. The server draws the setting's number of questions, or
 * the whole bank when it holds fewer: with `countBank` the count is then the bank's size, so the
 * intro promises the exam the learner gets. (A bank that is empty, or could not be counted, leaves
 * the setting: the start then says what is wrong.)
 */
async function loadExamRules(api: ApiClient, countBank: boolean): Promise<ExamRules> {
  const [settings, bankSize] = await Promise.all([
    loadPublicSettings(api).catch(() => null),
    countBank ? loadBankSize(api).catch(() => 0) : 0,
  ]);
  const rules = settings ? rulesFrom(settings) : DEFAULT_EXAM_RULES;
  return { ...rules, questionCount: drawnFromBank(rules.questionCount, bankSize) };
}

/** The rules, or null while they load; `countBank` as for `loadExamRules`. */
export function useExamRules(
  api: ApiClient,
  { countBank = false }: { countBank?: boolean } = {},
): ExamRules | null {
  const [rules, setRules] = useState<ExamRules | null>(null);
  useEffect(() => {
    let active = true;
    void loadExamRules(api, countBank).then((loaded) => active && setRules(loaded));
    return () => {
      active = false;
    };
  }, [api, countBank]);
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
