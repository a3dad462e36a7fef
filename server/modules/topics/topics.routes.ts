import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { assertIfMatch, ifMatchOf, tagReply } from '../../http/entity-tags';
import {
  ConflictError,
  HttpError,
  NotFoundError,
  PreconditionFailedError,
  ValidationError,
} from '../../http/errors';
import { readUploadedFile } from '../../http/uploads';
import {
  type Caller,
  type OperationHandlers,
  requireCaller,
  type Schema,
} from '../../http/operations';
import {
  namesAfterFile,
  readTopicTranslations,
  storedTopicTranslations,
  topicTranslationsJson,
} from '../../../domain/topic-names';
import { adminCourseOf, courseOf } from '../courses/courses.model';
import {
  parseQuestionIds,
  questionsByIds,
  toQuestion,
  pointsOfExistingQuestions,
  storedQuestionIds,
} from '../questions/questions.model';
import { languageOfCourse } from '../questions/question-translations';
import { contentLanguageOf, createLearnerQuestions } from '../questions/question-views';
import { progressOfSets } from '../training-modules/set-progress';
import { type CsvProblem, formatTopicsCsv, parseTopicsCsv } from './topics.csv';
import {
  byNameIn,
  shownTopicName,
  STORED_TOPIC,
  toTopic,
  topicNameProblemText,
  type TopicView,
  topicTagOf,
  unknownIds,
  withoutRepeats,
} from './topics.model';
import { createTopicsRepository } from './topics.repository';
import { trimText } from '../../http/text-characters';
import { text } from '../../i18n/text';

export type TopicOperations =
  | 'listTopics'
  | 'createTopic'
  | 'getTopic'
  | 'updateTopic'
  | 'deleteTopic'
  | 'getTopicQuestions'
  | 'deleteAllTopics'
  | 'importTopicsCsv'
  | 'exportTopicsCsv'
  | 'getTopicStats'
  | 'getTopicProgress';

/** Handlers of the topics operations. */
export function createTopicHandlers(deps: AppDeps): Pick<OperationHandlers, TopicOperations> {
  const topics = createTopicsRepository(deps.db);
  const inLearnersLanguage = createLearnerQuestions(deps);

  /** The course a call acts on (see courseOf). */
  async function courseIdOf(caller: Caller | null, requested?: number): Promise<number> {
    return courseOf(await deps.bank.snapshot(), requireCaller(caller), requested).course.id;
  }

  /** How the caller reads a course's topics: as stored by an administrator, else in their language. */
  async function topicViewOf(
    caller: Caller | null,
    request: FastifyRequest,
    requested?: number,
  ): Promise<{ courseId: number; view: TopicView }> {
    const reader = requireCaller(caller);
    const course = courseOf(await deps.bank.snapshot(), reader, requested);
    const view: TopicView = reader.isAdmin
      ? STORED_TOPIC
      : { kind: 'learner', language: await contentLanguageOf(course, reader, request) };
    return { courseId: course.course.id, view };
  }

  /**
   * The names a topic's input gives in other languages, as stored; undefined when it gives none
   * (an update then keeps the topic's).
   */
  async function translationsToStore(
    given: Schema<'TopicInput'>['translations'],
    courseId: number,
  ): Promise<string | null | undefined> {
    if (given === undefined) return undefined;
    const course = adminCourseOf(await deps.bank.snapshot(), courseId);
    const read = readTopicTranslations(given, languageOfCourse(course.course));
    if (!read.ok) {
      throw new ValidationError(topicNameProblemText(read.problem), {
        field: `translations.${read.problem.language}`,
      });
    }
    return topicTranslationsJson(read.translations);
  }

  /** Every topic of a course with the points of all the questions they name, read in one pass. */
  async function topicsWithPoints(courseId: number) {
    const rows = await topics.list(courseId);
    const points = await pointsOfExistingQuestions(
      deps.db,
      rows.flatMap((row) => storedQuestionIds(row.question_ids)),
    );
    return { rows, points };
  }

  /** Reads the ids leniently and insists they all exist in the course; the JSON text to store. */
  async function questionIdsToStore(input: string | number[], courseId: number): Promise<string> {
    const parsed = parseQuestionIds(input);
    if (!parsed) {
      throw new ValidationError(text('questionIdsFormat'));
    }
    const ids = withoutRepeats(parsed);
    const missing = unknownIds(ids, await pointsInCourse(ids, courseId));
    if (missing.length > 0) {
      throw new ValidationError(text('questionIdsUnknown', { ids: missing.join(', ') }), {
        field: 'question_ids',
      });
    }
    return JSON.stringify(ids);
  }

  /** The points of those of `ids` whose questions exist in the course. */
  async function pointsInCourse(ids: readonly number[], courseId: number) {
    const bank = await deps.bank.snapshot();
    const points = await pointsOfExistingQuestions(deps.db, ids);
    for (const id of points.keys()) {
      if (bank.answerKey(id)?.courseId !== courseId) points.delete(id);
    }
    return points;
  }

  async function assertNameFree(courseId: number, name: string, exceptId?: number) {
    if (await topics.byName(courseId, name, exceptId)) {
      throw new ConflictError(text('topicNameTaken'), { field: 'name' });
    }
  }

  async function topicOrThrow(id: number) {
    const topic = await topics.byId(id);
    if (!topic) throw new NotFoundError(text('topicNotFound'));
    return topic;
  }

  /** A topic as its reader may see it: a learner's own course's only, as any other learner call. */
  async function readableTopic(caller: Caller | null, id: number) {
    const topic = await topicOrThrow(id);
    if (!requireCaller(caller).isAdmin && (await courseIdOf(caller)) !== topic.course_id)
      throw new NotFoundError(text('topicNotFound'));
    return topic;
  }

  /** The API view of one topic, reading the points of its questions. */
  async function viewOf(row: Parameters<typeof toTopic>[0], view: TopicView = STORED_TOPIC) {
    return toTopic(
      row,
      await pointsOfExistingQuestions(deps.db, storedQuestionIds(row.question_ids)),
      view,
    );
  }

  return {
    async listTopics({ caller, query, request }) {
      const { courseId, view } = await topicViewOf(caller, request, query?.course_id);
      const { rows, points } = await topicsWithPoints(courseId);
      const topics = rows.map((row) => toTopic(row, points, view));
      // By name as the caller reads it: a learner's names may be in another language than stored.
      return view.kind === 'learner' ? byNameIn(topics, view.language) : topics;
    },

    async createTopic({ body, caller, query }) {
      const courseId = adminCourseOf(await deps.bank.snapshot(), query?.course_id).course.id;
      const name = trimText(body.name);
      if (name === '') throw new ValidationError(text('nameEmpty'));
      await assertNameFree(courseId, name);
      const questionIds = await questionIdsToStore(body.question_ids, courseId);
      const translations = await translationsToStore(body.translations, courseId);
      const topic = await topics.insert({
        name,
        question_ids: questionIds,
        created_at: deps.now().toISOString(),
        course_id: courseId,
        translations: translations ?? null,
      });
      await deps.audit.record(caller, { action: 'topic.create', name: topic.name });
      return viewOf(topic);
    },

    async getTopic({ params, reply, caller, request }) {
      const topic = await readableTopic(caller, params.id);
      tagReply(reply, topicTagOf(topic));
      return viewOf(topic, (await topicViewOf(caller, request, topic.course_id)).view);
    },

    async updateTopic({ params, body, caller, request, reply }) {
      const existing = await topicOrThrow(params.id);
      const name = trimText(body.name);
      if (name === '') throw new ValidationError(text('nameEmpty'));
      await assertNameFree(existing.course_id, name, existing.id);
      const questionIds = await questionIdsToStore(body.question_ids, existing.course_id);
      const translations = await translationsToStore(body.translations, existing.course_id);
      const changed = text('topicChanged');
      assertIfMatch(request, topicTagOf(existing), changed);
      // Checked again as it is written: another save may have come in since it was read.
      const updated = await topics.update(
        existing.id,
        {
          name,
          question_ids: questionIds,
          ...(translations === undefined ? {} : { translations }),
        },
        ifMatchOf(request) === undefined ? undefined : existing,
      );
      if (!updated) {
        if (await topics.byId(existing.id)) throw new PreconditionFailedError(changed);
        throw new NotFoundError(text('topicNotFound'));
      }
      await deps.audit.record(caller, { action: 'topic.update', name: updated.name });
      tagReply(reply, topicTagOf(updated));
      return viewOf(updated);
    },

    async deleteTopic({ params, caller }) {
      const existing = await topicOrThrow(params.id);
      if (!(await topics.delete(existing.id))) throw new NotFoundError(text('topicNotFound'));
      await deps.audit.record(caller, { action: 'topic.delete', name: existing.name });
      return { message: 'Topic deleted successfully' };
    },

    async getTopicQuestions({ params, query, request, caller }) {
      const topic = await readableTopic(caller, params.id);
      const questions = await questionsByIds(deps.db, storedQuestionIds(topic.question_ids));
      const { view } = await topicViewOf(caller, request, topic.course_id);
      return {
        id: topic.id,
        name: shownTopicName(topic, view),
        questions: await inLearnersLanguage(
          request,
          requireCaller(caller),
          questions.map(toQuestion),
          {
            withOriginal: query?.with_original,
          },
        ),
      };
    },

    async deleteAllTopics({ caller, query }) {
      const course = adminCourseOf(await deps.bank.snapshot(), query?.course_id).course;
      const deleted = await topics.deleteAll(course.id);
      await deps.audit.record(caller, {
        action: 'topic.delete_all',
        count: deleted,
        course: course.name,
      });
      return { message: 'All topics deleted successfully' };
    },

    async importTopicsCsv({ request, caller, query }) {
      const course = adminCourseOf(await deps.bank.snapshot(), query?.course_id).course;
      const courseId = course.id;
      const { data } = await readUploadedFile(request);
      const { rows, problems, languages } = parseTopicsCsv(data, {
        courseLanguage: languageOfCourse(course),
      });

      const existing = await pointsInCourse(
        rows.flatMap((row) => row.questionIds),
        courseId,
      );
      const allProblems: CsvProblem[] = [...problems];
      for (const row of rows) {
        const missing = unknownIds(row.questionIds, existing);
        if (missing.length > 0) {
          allProblems.push({
            line: row.line,
            reason: text('questionIdsUnknown', { ids: missing.join(', ') }),
          });
        }
      }
      if (allProblems.length > 0) {
        throw new ValidationError(text('badRows', { count: allProblems.length }), {
          errors: allProblems.sort((a, b) => a.line - b.line),
        });
      }

      const createdAt = deps.now().toISOString();
      const replaced = await deps.db.transaction().execute(async (trx) => {
        const inTransaction = createTopicsRepository(trx);
        const byName = new Map(
          (await inTransaction.list(courseId)).map((topic) => [topic.name.toLowerCase(), topic]),
        );
        // A topic of the file's is replaced whole: one its list leaves questions out of loses
        // them, which a file written to add names in other languages need not mean. Asked first
        // (thrown before anything is written, the same read of the topics deciding both).
        if (query?.replace !== true) assertNoneShrinks(rows, byName);
        let replacedCount = 0;
        for (const row of rows) {
          const questionIds = JSON.stringify(row.questionIds);
          const existing = byName.get(row.name.toLowerCase());
          // A file without a language's column leaves the topic's name in it as it was.
          const translations = topicTranslationsJson(
            namesAfterFile(
              storedTopicTranslations(existing?.translations),
              row.translations,
              languages,
            ),
          );
          if (existing === undefined) {
            await inTransaction.insert({
              name: row.name,
              question_ids: questionIds,
              created_at: createdAt,
              course_id: courseId,
              translations,
            });
          } else {
            await inTransaction.update(existing.id, { question_ids: questionIds, translations });
            replacedCount += 1;
          }
        }
        return replacedCount;
      });
      await deps.audit.record(caller, {
        action: 'topic.import',
        count: rows.length,
        course: course.name,
      });
      return { message: 'Topics imported successfully', imported: rows.length, replaced };
    },

    async exportTopicsCsv({ reply, query }) {
      const date = deps.now().toISOString().slice(0, 10);
      const courseId = adminCourseOf(await deps.bank.snapshot(), query?.course_id).course.id;
      const { rows, points } = await topicsWithPoints(courseId);
      return reply
        .header('content-disposition', `attachment; filename="training_topics_${date}.csv"`)
        .type('text/csv; charset=utf-8')
        .send(
          formatTopicsCsv(
            // Only ids that exist: an id whose question has gone would make the file fail to import.
            rows.map((row) => ({
              name: row.name,
              translations: storedTopicTranslations(row.translations),
              questions: JSON.stringify(
                storedQuestionIds(row.question_ids).filter((id) => points.has(id)),
              ),
            })),
          ),
        );
    },

    async getTopicStats({ caller }) {
      const { rows, points } = await topicsWithPoints(await courseIdOf(caller));
      return {
        total_topics: rows.length,
        topics_available: rows.filter((row) =>
          storedQuestionIds(row.question_ids).some((id) => points.has(id)),
        ).length,
      };
    },

    async getTopicProgress({ caller }) {
      const { rows, points } = await topicsWithPoints(await courseIdOf(caller));
      const sets = rows.map((row) => storedQuestionIds(row.question_ids));
      const progress = await progressOfSets(deps.db, requireCaller(caller).id, sets, points);
      return rows.map((row, at) => ({ topic_id: row.id, ...progress[at]! }));
    },
  };
}

/** Refuses (409, `shrinking_topics`) a file whose list for a stored topic leaves questions out. */
function assertNoneShrinks(
  rows: readonly { name: string; questionIds: readonly number[] }[],
  stored: ReadonlyMap<string, { name: string; question_ids: string }>,
): void {
  const shrinking = rows.flatMap((row) => {
    const topic = stored.get(row.name.toLowerCase());
    if (topic === undefined) return [];
    const kept = new Set(row.questionIds);
    const now = storedQuestionIds(topic.question_ids);
    const removed = now.filter((id) => !kept.has(id)).length;
    return removed > 0 ? [{ name: topic.name, questions: now.length, removed }] : [];
  });
  if (shrinking.length === 0) return;
  throw new HttpError(
    409,
    text('topicsWouldShrink', {
      count: shrinking.length,
      topics: shrinking.map((topic) => `"${topic.name}"`).join(', '),
    }),
    { shrinking_topics: shrinking },
  );
}
