import type { AppDeps } from '../../deps';
import { NotFoundError } from '../../http/errors';
import { type OperationHandlers, requireCaller } from '../../http/operations';
import { text } from '../../i18n/text';
import { questionsByIds, toQuestion } from '../questions/questions.model';
import { createLearnerQuestions } from '../questions/question-views';

export type BookmarkOperations =
  'listBookmarks' | 'getBookmarkedQuestions' | 'addBookmark' | 'removeBookmark';

/**
 * A learner's bookmarks: the questions they starred, kept per learner on the server so they
 * follow them to any device. Only questions of the learner's course are listed; a star stays
 * stored while the learner learns another course and shows again when they come back.
 */
export function createBookmarkHandlers(deps: AppDeps): Pick<OperationHandlers, BookmarkOperations> {
  const inLearnersLanguage = createLearnerQuestions(deps);

  /** The learner's bookmarked ids in their course, the most recent first. */
  async function bookmarkedIds(userId: number, courseId: number): Promise<number[]> {
    const rows = await deps.db
      .selectFrom('bookmarks')
      .innerJoin('questions', 'questions.id', 'bookmarks.question_id')
      .select('bookmarks.question_id')
      .where('bookmarks.user_id', '=', userId)
      .where('questions.course_id', '=', courseId)
      .orderBy('bookmarks.created_at', 'desc')
      .orderBy('bookmarks.question_id', 'desc')
      .execute();
    return rows.map((row) => Number(row.question_id));
  }

  return {
    async listBookmarks({ caller }) {
      const me = requireCaller(caller);
      return { question_ids: await bookmarkedIds(me.id, me.courseId) };
    },

    async getBookmarkedQuestions({ caller, query, request }) {
      const me = requireCaller(caller);
      const ids = await bookmarkedIds(me.id, me.courseId);
      const questions = (await questionsByIds(deps.db, ids)).map(toQuestion);
      // In the learner's language, as every question a learner gets (see question-views).
      return {
        questions: await inLearnersLanguage(request, me, questions, {
          withOriginal: query?.with_original,
        }),
      };
    },

    async addBookmark({ params, caller }) {
      const me = requireCaller(caller);
      const question = await deps.db
        .selectFrom('questions')
        .select('id')
        .where('id', '=', params.question_id)
        .where('course_id', '=', me.courseId)
        .executeTakeFirst();
      if (!question) throw new NotFoundError(text('questionNotFound'));
      await deps.db
        .insertInto('bookmarks')
        .values({
          user_id: me.id,
          question_id: params.question_id,
          created_at: deps.now().toISOString(),
        })
        .onConflict((oc) => oc.columns(['user_id', 'question_id']).doNothing())
        .execute();
      return { question_id: params.question_id, bookmarked: true };
    },

    async removeBookmark({ params, caller }) {
      const me = requireCaller(caller);
      await deps.db
        .deleteFrom('bookmarks')
        .where('user_id', '=', me.id)
        .where('question_id', '=', params.question_id)
        .execute();
      return { question_id: params.question_id, bookmarked: false };
    },
  };
}
