import type { TrainingMode } from '../../../machines/training.types';
import type { Setting } from '../../api';
import type { CountTexts } from '../../i18n/counts';
import { drawnFromBank } from '../../lib/bank-size';
import { positiveSetting } from '../../lib/exam-rule-texts';

/** What a mode's intro promises that an administrator can change (public settings). */
export interface ModeFacts {
  expressQuestions: number;
  expressSeconds: number;
  marathonQuestions: number;
  dailyQuestions: number;
  /** The learner's course has no questions yet: no mode has anything to start. */
  bankEmpty: boolean;
}

/** The values of server/modules/settings/settings.defaults.ts, while the settings load. */
export const DEFAULT_MODE_FACTS: ModeFacts = {
  expressQuestions: 10,
  expressSeconds: 300,
  marathonQuestions: 50,
  dailyQuestions: 10,
  bankEmpty: false,
};

/**
 * The facts the settings give; with `bankSize` (when counted), no run is said to hold more
 * questions than the bank, which is all a run then draws, and an empty bank says so.
 */
export function modeFactsFrom(
  settings: Setting[] | null,
  bankSize: number | null = null,
): ModeFacts {
  const facts: Omit<ModeFacts, 'bankEmpty'> = settings
    ? {
        expressQuestions: positiveSetting(
          settings,
          'express_question_count',
          DEFAULT_MODE_FACTS.expressQuestions,
        ),
        expressSeconds: positiveSetting(
          settings,
          'express_time_limit_seconds',
          DEFAULT_MODE_FACTS.expressSeconds,
        ),
        marathonQuestions: positiveSetting(
          settings,
          'marathon_question_count',
          DEFAULT_MODE_FACTS.marathonQuestions,
        ),
        dailyQuestions: positiveSetting(
          settings,
          'daily_challenge_size',
          DEFAULT_MODE_FACTS.dailyQuestions,
        ),
      }
    : DEFAULT_MODE_FACTS;
  return {
    ...facts,
    expressQuestions: drawnFromBank(facts.expressQuestions, bankSize),
    marathonQuestions: drawnFromBank(facts.marathonQuestions, bankSize),
    dailyQuestions: drawnFromBank(facts.dailyQuestions, bankSize),
    bankEmpty: bankSize === 0,
  };
}

/** What a mode's description, intro and facts line interpolate: its size and clock, in words. */
export function modeFactTexts(
  mode: TrainingMode,
  facts: ModeFacts,
  counts: CountTexts,
): { questions: string; time: string } {
  return {
    questions: counts.questions(
      mode === 'marathon'
        ? facts.marathonQuestions
        : mode === 'daily-challenge'
          ? facts.dailyQuestions
          : facts.expressQuestions,
    ),
    time: counts.duration(facts.expressSeconds),
  };
}
