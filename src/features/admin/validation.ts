import { halfWidth, isTooLong } from '../../../domain/text';
import { MAX_TOPIC_NAME_LENGTH } from '../../../domain/topic-names';
import { emailProblem } from '../../lib/account-fields';
import { readNotice, type Notice } from '../../lib/site-settings';
import type { DataType, SettingRule } from './admin-api';

/**
 * The contract's length limits (openapi/api.yaml: TopicInput, SettingInput), in characters; the
 * forms hold to them before sending so that the server's refusal is never the first word. A
 * question's are domain/question-fields.ts's QUESTION_LIMITS.
 */
export const TEXT_LIMITS = {
  topicName: MAX_TOPIC_NAME_LENGTH,
  settingKey: 100,
} as const;

export { isTooLong };

/** Why a value does not fit its data type (an admin.json key under `validation.`), or null. */
export type ValueProblem = 'notNumber' | 'notBoolean' | 'notJson' | 'required';

// The server's rule: plain decimal notation only (no '0x10', no blanks around the digits).
const DECIMAL = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** Checks a setting's value against its data type before it is sent. */
export function settingValueProblem(value: string, type: DataType): ValueProblem | null {
  // Nothing typed is a missing value, not a wrong one: the form requires a value of every type.
  if (value.trim() === '') return 'required';
  switch (type) {
    case 'string':
      return null;
    case 'number':
      return DECIMAL.test(value) && Number.isFinite(Number(value)) ? null : 'notNumber';
    case 'boolean':
      return value === 'true' || value === 'false' ? null : 'notBoolean';
    case 'json':
      try {
        JSON.parse(value);
        return null;
      } catch {
        return 'notJson';
      }
  }
}

/** Why a built-in setting's value breaks its rule (an admin.json key under `validation.value.`). */
export type RuleProblem =
  | { code: 'required' }
  | { code: 'range'; min: number; max: number }
  | { code: 'tooLong'; max: number }
  | { code: 'email' }
  | { code: 'noticeMessage' };

/**
 * The notice as the server takes it: `enabled` and `message`, and `messages` only with the
 * languages given a text (none: the notice keeps the shape it had before such texts).
 */
export function noticeText({ enabled, message, messages }: Notice): string {
  const texts = Object.fromEntries(
    Object.entries(messages).filter(([, text]) => text !== undefined && text !== ''),
  );
  return JSON.stringify(
    Object.keys(texts).length === 0 ? { enabled, message } : { enabled, message, messages: texts },
  );
}

/** Donation details as the server stores them: the languages given a text, and only those. */
export function donationsText(texts: Partial<Record<string, string>>): string {
  return JSON.stringify(
    Object.fromEntries(
      Object.entries(texts).filter(([, text]) => text !== undefined && text !== ''),
    ),
  );
}

/** The text per language a stored `donation_details` holds (another shape holds none). */
export function readDonationTexts(value: string): Partial<Record<string, string>> {
  try {
    const parsed: unknown = JSON.parse(value);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
  } catch {
    return {};
  }
}

const longerThan = (text: string, max: number | undefined): RuleProblem | null =>
  max !== undefined && isTooLong(text, max) ? { code: 'tooLong', max } : null;

/**
 * Checks a built-in setting's value against the rule the server sent with it, so the form says
 * what is wrong before sending (the server checks again).
 */
export function ruleProblem(value: string, rule: SettingRule): RuleProblem | null {
  switch (rule.kind) {
    case 'text':
      return value.trim() === '' ? { code: 'required' } : longerThan(value, rule.max_length);
    case 'email': {
      const problem = emailProblem(value);
      if (!problem) return null;
      return problem.code === 'tooLong'
        ? problem
        : { code: problem.code === 'required' ? 'required' : 'email' };
    }
    case 'whole_number': {
      if (value.trim() === '') return { code: 'required' };
      const number = Number(value);
      const min = rule.min ?? Number.MIN_SAFE_INTEGER;
      const max = rule.max ?? Number.MAX_SAFE_INTEGER;
      return /^-?\d+$/.test(value) && number >= min && number <= max
        ? null
        : { code: 'range', min, max };
    }
    case 'boolean':
      return null;
    case 'notice': {
      const notice = readNotice(value);
      const texts = [notice.message, ...Object.values(notice.messages)];
      if (notice.enabled && texts.every((text) => text.trim() === ''))
        return { code: 'noticeMessage' };
      for (const text of texts) {
        const problem = longerThan(text, rule.max_length);
        if (problem) return problem;
      }
      return null;
    }
    case 'donations':
      for (const text of Object.values(readDonationTexts(value))) {
        const problem = longerThan(text ?? '', rule.max_length);
        if (problem) return problem;
      }
      return null;
  }
}

export type IdsResult =
  { ok: true; ids: number[] } | { ok: false; problem: 'required' | 'format' | 'notIds' };

// The contract's largest id (a 32-bit integer column).
const MAX_ID = 2147483647;

/**
 * Question IDs read leniently, as the spec reads a topic's list: a JSON array such as [1,2,3], or
 * numbers separated by commas, semicolons or spaces ('1, 2, 3', '1;2;3', in full width too). Whole numbers from 1,
 * at least one, each kept once in the order first given.
 */
export function parseQuestionIds(text: string): IdsResult {
  const trimmed = halfWidth(text).trim();
  if (trimmed === '') return { ok: false, problem: 'required' };
  let items: unknown[];
  if (trimmed.startsWith('[')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch {
      return { ok: false, problem: 'format' };
    }
    if (!Array.isArray(parsed)) return { ok: false, problem: 'format' };
    items = parsed;
  } else {
    items = trimmed
      .split(/[\s,;]+/)
      .filter(Boolean)
      .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
  }
  if (items.length === 0) return { ok: false, problem: 'required' };
  const valid = (id: unknown): id is number =>
    typeof id === 'number' && Number.isInteger(id) && id >= 1 && id <= MAX_ID;
  if (!items.every(valid)) return { ok: false, problem: 'notIds' };
  return { ok: true, ids: [...new Set(items as number[])] };
}

/** Question IDs as the topic form shows them: '1, 2, 3' (stored as the JSON array text). */
export function questionIdsText(stored: string): string {
  const parsed = parseQuestionIds(stored);
  if (parsed.ok) return parsed.ids.join(', ');
  // `[]`: a topic whose questions were all deleted.
  return parsed.problem === 'required' ? '' : stored;
}
