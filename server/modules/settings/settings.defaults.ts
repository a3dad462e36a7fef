import type { Kysely } from 'kysely';
import { MAX_TIME_LIMIT_SECONDS } from '../../../domain/course-rules';
import { DEFAULT_COURSE_ID } from '../courses/courses.model';
import { type Catalog, en } from '../../i18n/en';
import type { Database } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { Schema } from '../../http/operations';
import type { BankSnapshot } from '../questions/question-bank';

export type DataType = 'string' | 'number' | 'boolean' | 'json';

/** What a built-in setting's value must be (the contract's SettingRule, sent with the setting). */
export type SettingRule = Schema<'SettingRule'>;

/**
 * The longest `site_name`: what the header shows beside its links on a laptop without cutting
 * most school names short (it ellipsizes anything longer it is given another way).
 */
export const SITE_NAME_MAX_LENGTH = 60;
/** The longest maintenance message: a banner of a few lines, not a page. */
export const NOTICE_MESSAGE_MAX_LENGTH = 500;
/** The longest donation details in one language, in characters. */
export const DONATION_DETAILS_MAX_LENGTH = 2000;

/** A catalog entry saying what a built-in setting is for. */
export type AboutKey = Extract<keyof Catalog, `about${string}`>;

export interface DefaultSetting {
  key: string;
  value: string;
  /** What it is for, in every language; stored as its English description. */
  about: AboutKey;
  description: string;
  data_type: DataType;
  is_public: boolean;
  /** What its value must be; for a number, the whole numbers it takes (the app reads no other). */
  rule: SettingRule;
}

/**
 * The exam settings the default course's rules follow and are followed by (migrations 0013 and
 * 0027): the app reads the course, so a missing one has no default of its own.
 */
export const COURSE_RULE_SETTINGS: readonly string[] = [
  'exam_question_count',
  'exam_time_limit_seconds',
  'exam_pass_percent',
];

/** The settings every installation has; an administrator may change their values. */
export const DEFAULT_SETTINGS: readonly DefaultSetting[] = (
  [
    {
      key: 'site_name',
      value: 'Theory Trainer',
      about: 'aboutSiteName',
      data_type: 'string',
      is_public: true,
      rule: { kind: 'text', max_length: SITE_NAME_MAX_LENGTH },
    },
    {
      key: 'support_email',
      value: 'support@theory-trainer.example',
      about: 'aboutSupportEmail',
      data_type: 'string',
      is_public: true,
      rule: { kind: 'email', max_length: 254 },
    },
    {
      key: 'exam_question_count',
      value: '40',
      about: 'aboutExamQuestionCount',
      data_type: 'number',
      is_public: true,
      rule: { kind: 'whole_number', min: 1, max: 200 },
    },
    {
      key: 'exam_time_limit_seconds',
      value: '2400',
      about: 'aboutExamTimeLimitSeconds',
      data_type: 'number',
      is_public: true,
      // The default course follows it (migration 0013): its rule's range, or a value saved
      // here would not be the exam's.
      rule: { kind: 'whole_number', min: 60, max: MAX_TIME_LIMIT_SECONDS },
    },
    {
      key: 'exam_pass_percent',
      value: '70',
      about: 'aboutExamPassPercent',
      data_type: 'number',
      is_public: true,
      rule: { kind: 'whole_number', min: 1, max: 100 },
    },
    {
      key: 'express_question_count',
      value: '10',
      about: 'aboutExpressQuestionCount',
      data_type: 'number',
      is_public: true,
      rule: { kind: 'whole_number', min: 1, max: 200 },
    },
    {
      key: 'express_time_limit_seconds',
      value: '300',
      about: 'aboutExpressTimeLimitSeconds',
      data_type: 'number',
      is_public: true,
      rule: { kind: 'whole_number', min: 30, max: 86400 },
    },
    {
      key: 'marathon_question_count',
      value: '50',
      about: 'aboutMarathonQuestionCount',
      data_type: 'number',
      is_public: true,
      rule: { kind: 'whole_number', min: 1, max: 1000 },
    },
    {
      key: 'daily_challenge_size',
      value: '10',
      about: 'aboutDailyChallengeSize',
      data_type: 'number',
      is_public: true,
      rule: { kind: 'whole_number', min: 1, max: 200 },
    },
    {
      key: 'ready_threshold_percent',
      value: '90',
      about: 'aboutReadyThresholdPercent',
      data_type: 'number',
      is_public: true,
      rule: { kind: 'whole_number', min: 50, max: 99 },
    },
    {
      key: 'daily_goal',
      value: '20',
      about: 'aboutDailyGoal',
      data_type: 'number',
      is_public: true,
      rule: { kind: 'whole_number', min: 1, max: 500 },
    },
    {
      key: 'registration_open',
      value: 'true',
      about: 'aboutRegistrationOpen',
      data_type: 'boolean',
      is_public: true,
      rule: { kind: 'boolean' },
    },
    {
      key: 'maintenance_notice',
      value: '{"enabled":false,"message":""}',
      about: 'aboutMaintenanceNotice',
      data_type: 'json',
      is_public: true,
      rule: { kind: 'notice', max_length: NOTICE_MESSAGE_MAX_LENGTH },
    },
    {
      key: 'donation_details',
      // None: the donations page says the school takes none, and no link leads to it.
      value: '{}',
      about: 'aboutDonationDetails',
      data_type: 'json',
      is_public: true,
      rule: { kind: 'donations', max_length: DONATION_DETAILS_MAX_LENGTH },
    },
  ] satisfies Omit<DefaultSetting, 'description'>[]
).map((setting) => ({ ...setting, description: en[setting.about] }));

/**
 * The value of a setting, or its default when unset. Read through the bank's snapshot, which
 * holds the settings as of their revision: a change made by any process counts at the next
 * request, at no extra read when the caller takes that snapshot anyway.
 */
export async function readSetting(
  deps: Pick<AppDeps, 'bank'>,
  key: string,
): Promise<string | undefined> {
  return settingOf(await deps.bank.snapshot(), key);
}

/** A setting's value as of `bank`, or its default when unset. */
export async function settingOf(bank: BankSnapshot, key: string): Promise<string | undefined> {
  return (await bank.setting(key)) ?? DEFAULT_SETTINGS.find((s) => s.key === key)?.value;
}

/**
 * A number setting as of `bank`: its value when it is a whole number in the setting's range,
 * else its default. Writes through the API are checked the same way; a restored backup or an
 * edit in a SQL shell could still hold anything.
 */
export async function numberSettingOf(bank: BankSnapshot, key: string): Promise<number> {
  const known = DEFAULT_SETTINGS.find((s) => s.key === key);
  const value = Number(await settingOf(bank, key));
  const fits = known ? inRange(value, known.rule) : Number.isFinite(value) && value > 0;
  return fits ? value : Number(known?.value);
}

/** Whether `value` is a whole number from the rule's `min` to its `max` (either may be open). */
export function inRange(value: number, rule: Pick<SettingRule, 'min' | 'max'>): boolean {
  return (
    Number.isInteger(value) && value >= (rule.min ?? -Infinity) && value <= (rule.max ?? Infinity)
  );
}

export async function readNumberSetting(deps: Pick<AppDeps, 'bank'>, key: string): Promise<number> {
  return numberSettingOf(await deps.bank.snapshot(), key);
}

/**
 * The default course's rules as the exam settings that follow them (migration 0013). A missing
 * exam setting comes back as the course holds it: its default would move the course's rule.
 */
async function defaultCourseSettings(db: Kysely<Database>): Promise<Map<string, string>> {
  const course = await db
    .selectFrom('courses')
    .select(['question_count', 'time_limit_seconds', 'pass_rule', 'pass_value'])
    .where('id', '=', DEFAULT_COURSE_ID)
    .executeTakeFirst();
  if (!course) return new Map();
  return new Map([
    ['exam_question_count', String(course.question_count)],
    ['exam_time_limit_seconds', String(course.time_limit_seconds)],
    ...(course.pass_rule === 'percent_questions'
      ? [['exam_pass_percent', String(course.pass_value)] as const]
      : []),
  ]);
}

/**
 * Adds each default setting that is missing (an exam setting as the default course holds it);
 * returns how many were added.
 */
export async function insertMissingDefaults(db: Kysely<Database>, now: Date): Promise<number> {
  const existing = new Set(
    (await db.selectFrom('settings').select('key').execute()).map((r) => r.key),
  );
  const missing = DEFAULT_SETTINGS.filter((s) => !existing.has(s.key));
  if (missing.length > 0) {
    const course = await defaultCourseSettings(db);
    await db
      .insertInto('settings')
      .values(
        missing.map(({ rule: _rule, about: _about, ...s }) => ({
          ...s,
          value: course.get(s.key) ?? s.value,
          is_public: s.is_public ? 1 : 0,
          updated_at: now.toISOString(),
        })),
      )
      .execute();
  }
  return missing.length;
}
