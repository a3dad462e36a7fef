import type { FastifyRequest } from 'fastify';
import { type ContentLanguage, contentLanguageFor } from '../../../domain/question-languages';
import type { AppDeps } from '../../deps';
import type { Caller } from '../../http/operations';
import { preferredLanguage } from '../../i18n/language';
import { courseOf } from '../courses/courses.model';
import type { BankSnapshot, CourseBank } from './question-bank';
import {
  languageOfCourse,
  type QuestionView,
  readTranslations,
  shownQuestion,
} from './question-translations';
import type { Question } from './questions.model';

/**
 * The language a learner reads questions in, in this request: the one they chose, else the
 * interface language the request names (Accept-Language) when the course's questions can be
 * read in it, else the course's exam language.
 */
export async function contentLanguageOf(
  course: CourseBank,
  caller: Pick<Caller, 'contentLanguage'>,
  request: FastifyRequest,
): Promise<ContentLanguage> {
  if (caller.contentLanguage) return caller.contentLanguage;
  return contentLanguageFor({
    chosen: null,
    interfaceLanguage: preferredLanguage(request.headers['accept-language']),
    course: { language: languageOfCourse(course.course), languages: await course.languages() },
  });
}

/**
 * The caller's content language in this request (contentLanguageOf in their course): what a
 * learner reads beside the questions, such as the topics' names, comes in it too.
 */
export function createLearnerLanguage(deps: Pick<AppDeps, 'bank'>) {
  return async function learnersLanguage(
    request: FastifyRequest,
    caller: Caller,
  ): Promise<ContentLanguage> {
    const bank = await deps.bank.snapshot(request.revisions);
    return contentLanguageOf(courseOf(bank, caller), caller, request);
  };
}

/** How a learner's questions are shown in this request: in `language`, else their content language. */
export async function learnerView(
  course: CourseBank,
  caller: Pick<Caller, 'contentLanguage'>,
  request: FastifyRequest,
  {
    withOriginal,
    language,
  }: { withOriginal?: boolean | undefined; language?: ContentLanguage | null | undefined } = {},
): Promise<QuestionView> {
  return {
    kind: 'learner',
    language: language ?? (await contentLanguageOf(course, caller, request)),
    withOriginal: withOriginal === true,
  };
}

/**
 * Questions as stored (`toQuestion`) as `view` shows them, each in its own course's language
 * (`fallback` for one the snapshot does not know yet): reads only the translations needed.
 */
export async function questionsIn(
  db: AppDeps['db'],
  bank: BankSnapshot,
  questions: readonly Question[],
  view: QuestionView,
  fallback: ContentLanguage,
): Promise<Question[]> {
  const languageOf = (question: Question) => bank.languageOf(question.id) ?? fallback;
  const needed = questions
    .filter((question) => view.kind === 'stored' || languageOf(question) !== view.language)
    .map((question) => question.id);
  const translations =
    needed.length === 0
      ? new Map()
      : await readTranslations(db, needed, view.kind === 'learner' ? view.language : undefined);
  return questions.map((question) =>
    shownQuestion(question, languageOf(question), translations.get(question.id), view),
  );
}

/**
 * What every learner call that answers questions does with them: shows them in the caller's
 * language (their content language, or `language` when the call names one), with the exam
 * language's words beside when asked (`with_original`).
 */
export function createLearnerQuestions(deps: Pick<AppDeps, 'db' | 'bank'>) {
  return async function inLearnersLanguage(
    request: FastifyRequest,
    caller: Caller,
    questions: readonly Question[],
    options: { withOriginal?: boolean | undefined; language?: ContentLanguage | null } = {},
  ): Promise<Question[]> {
    const bank = await deps.bank.snapshot(request.revisions);
    const course = courseOf(bank, caller);
    const view = await learnerView(course, caller, request, options);
    return questionsIn(deps.db, bank, questions, view, languageOfCourse(course.course));
  };
}

/** Each `question_text` of a list (weak spots) in the learner's content language, where translated. */
export function createLearnerQuestionTexts(deps: Pick<AppDeps, 'db' | 'bank'>) {
  return async function textsInLearnersLanguage<
    T extends { question_id: number; question_text: string },
  >(request: FastifyRequest, caller: Caller, items: readonly T[]): Promise<T[]> {
    const bank = await deps.bank.snapshot(request.revisions);
    const language = await contentLanguageOf(courseOf(bank, caller), caller, request);
    const needed = items
      .filter((item) => bank.languageOf(item.question_id) !== language)
      .map((item) => item.question_id);
    if (needed.length === 0) return [...items];
    const translations = await readTranslations(deps.db, needed, language);
    return items.map((item) => {
      const translated = translations.get(item.question_id)?.[language]?.question_text;
      return translated === undefined ? item : { ...item, question_text: translated };
    });
  };
}
