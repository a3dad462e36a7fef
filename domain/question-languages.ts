import type { components } from '../openapi/schema';
import { ANSWER_FIELDS } from './answers';
import { QUESTION_LIMITS } from './question-fields';
import { isTooLong, trimText } from './text';

/**
 * The languages a question can be read in (issue 42), and the rules both sides keep about them:
 * which language a learner's questions come in, and when a translation still fits its question.
 */
export type ContentLanguage = components['schemas']['CourseLanguage'];

/** Every language a question may be written or translated in, in the order lists show them. */
export const CONTENT_LANGUAGES: readonly ContentLanguage[] = ['en', 'ru', 'zh', 'ko'];

export function isContentLanguage(value: unknown): value is ContentLanguage {
  return CONTENT_LANGUAGES.some((language) => language === value);
}

/**
 * The language a learner's questions come in: the one they chose; without a choice, the
 * interface language when the course's questions can be read in it (`languages`, its exam
 * language first), else the course's exam language.
 */
export function contentLanguageFor({
  chosen,
  interfaceLanguage,
  course,
}: {
  chosen: ContentLanguage | null | undefined;
  interfaceLanguage: string | undefined;
  course: { language: ContentLanguage; languages: readonly ContentLanguage[] };
}): ContentLanguage {
  if (chosen) return chosen;
  const wanted = CONTENT_LANGUAGES.find((language) => language === interfaceLanguage);
  return wanted && course.languages.includes(wanted) ? wanted : course.language;
}

/** The text fields a translation carries, in the order forms and CSV columns list them. */
export const TRANSLATED_FIELDS = [
  'question_text',
  'answer_1',
  'answer_2',
  'answer_3',
  'answer_4',
  'answer_5',
  'explanation',
  'photo_alt',
] as const;

export type TranslatedField = (typeof TRANSLATED_FIELDS)[number];

type Answers = { [K in (typeof ANSWER_FIELDS)[number]]?: string | null | undefined };

/** The numbers (1 to 5) of the answers filled in, blank text counting as none. */
export function filledAnswers(question: Answers): number[] {
  return ANSWER_FIELDS.flatMap((field, at) =>
    (question[field] ?? '').trim() === '' ? [] : [at + 1],
  );
}

/**
 * Whether a translation fills exactly the answers its question has: answer 2 of one is answer
 * 2 of the other, so the right answers and the grading are the same in every language.
 */
export function fitsQuestion(translation: Answers, question: Answers): boolean {
  const own = filledAnswers(translation);
  const theirs = filledAnswers(question);
  return own.length === theirs.length && own.every((number, at) => number === theirs[at]);
}

/** A translation's CSV column: `question_text@ru`. */
export const translationColumn = (field: TranslatedField, language: ContentLanguage): string =>
  `${field}@${language}`;

/** The field and language a CSV column such as `answer_2@ko` names; undefined for any other. */
export function readTranslationColumn(
  name: string,
): { field: TranslatedField; language: ContentLanguage } | undefined {
  const at = name.lastIndexOf('@');
  if (at < 0) return undefined;
  const field = TRANSLATED_FIELDS.find((known) => known === name.slice(0, at));
  const language = name.slice(at + 1);
  return field && isContentLanguage(language) ? { field, language } : undefined;
}

/** A translation as it is kept: texts trimmed, absent ones null. */
export interface TranslationFields {
  question_text: string;
  answer_1: string;
  answer_2: string;
  answer_3: string | null;
  answer_4: string | null;
  answer_5: string | null;
  explanation: string | null;
  photo_alt: string | null;
}

/** A translation as given: a form's fields, the JSON body's, or a CSV row's cells. */
export type TranslationDraft = { [F in TranslatedField]?: string | null | undefined };

/** What is wrong with a translation; `field` names the question's field it translates. */
export type TranslationProblem =
  /** The course's own language: its words are the question's own fields. */
  | { code: 'translationInCourseLanguage'; language: ContentLanguage }
  | { code: 'fieldEmpty'; field: 'question_text'; language: ContentLanguage }
  | { code: 'fieldTooLong'; field: TranslatedField; max: number; language: ContentLanguage }
  /** It fills other answers than its question has (`expected`, by number). */
  | {
      code: 'translationAnswers';
      language: ContentLanguage;
      expected: number[];
      found: number[];
    };

export type TranslationReading =
  { ok: true; translation: TranslationFields } | { ok: false; problems: TranslationProblem[] };

/** Whether every field of a draft is blank: no translation at all. */
export function isBlankTranslation(draft: TranslationDraft): boolean {
  return TRANSLATED_FIELDS.every((field) => trimText(draft[field] ?? '') === '');
}

/**
 * Checks a translation of `question` into `language`: its question text, exactly the answers
 * the question has (so the answer key and the grading stay the same), and the limits the
 * question's own fields have. Its explanation and photo description may be blank; a photo
 * description without a photo is dropped, as the question's own is.
 */
export function readTranslation(
  draft: TranslationDraft,
  {
    language,
    courseLanguage,
    question,
  }: {
    language: ContentLanguage;
    /** The course's own language, when known: no translation may be in it. */
    courseLanguage?: ContentLanguage | undefined;
    question: Answers & { photo: string | null };
  },
): TranslationReading {
  if (language === courseLanguage) {
    return { ok: false, problems: [{ code: 'translationInCourseLanguage', language }] };
  }
  const problems: TranslationProblem[] = [];
  const value = (field: TranslatedField, max: number): string | null => {
    const text = trimText(draft[field] ?? '');
    if (isTooLong(text, max)) problems.push({ code: 'fieldTooLong', field, max, language });
    return text === '' ? null : text;
  };
  const questionText = value('question_text', QUESTION_LIMITS.question_text);
  if (questionText === null)
    problems.push({ code: 'fieldEmpty', field: 'question_text', language });
  const answers = ANSWER_FIELDS.map((field) => value(field, QUESTION_LIMITS.answer));
  const filled = {
    answer_1: answers[0],
    answer_2: answers[1],
    answer_3: answers[2],
    answer_4: answers[3],
    answer_5: answers[4],
  };
  if (!fitsQuestion(filled, question)) {
    problems.push({
      code: 'translationAnswers',
      language,
      expected: filledAnswers(question),
      found: filledAnswers(filled),
    });
  }
  const explanation = value('explanation', QUESTION_LIMITS.explanation);
  const photoAlt = question.photo === null ? null : value('photo_alt', QUESTION_LIMITS.photo_alt);
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    translation: {
      question_text: questionText as string,
      answer_1: answers[0] as string,
      answer_2: answers[1] as string,
      answer_3: answers[2] ?? null,
      answer_4: answers[3] ?? null,
      answer_5: answers[4] ?? null,
      explanation,
      photo_alt: photoAlt,
    },
  };
}
